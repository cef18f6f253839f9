-- The finder's site cache (shared by every workspace) kept the SSRF guard's words when a site sent us
-- elsewhere: "Could not read x's website: Refusing to fetch db.corp.internal: 10.1.2.3 is not a public
-- address", an oracle of our internal DNS. Readings now say only "Could not read x's website"
-- and a refusal is never kept; the readings kept before are dropped (they are read again on the next find).
DELETE FROM find_sites WHERE pages = 0 AND problem LIKE 'Could not read %: %';
