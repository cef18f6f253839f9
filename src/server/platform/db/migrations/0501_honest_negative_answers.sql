-- Our failures never become verdicts (docs/decisions/0007-honest-under-failure.md).

-- "No such domain" and "no mail host" facts were shared for a day, whatever the resolver that gave
-- them: on a machine whose resolver answered NXDOMAIN to every name they were lies, and later runs,
-- of any account, reused them. Negative facts are now written only from a resolver that passed its
-- canary check, for the zone's negative TTL; the old ones cannot be told apart, so they go.
UPDATE domain_facts SET verdict = NULL, verdict_expires_at = NULL
WHERE verdict->>'kind' IN ('no_domain', 'no_mail_host', 'dns_error');

-- A run's notice is now JSON ({kind, message, nextTryAt}); running lanes write it again within a second.
UPDATE uploads SET notice = NULL WHERE notice IS NOT NULL;
