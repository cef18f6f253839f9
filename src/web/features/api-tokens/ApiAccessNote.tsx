import { useQuery } from '@tanstack/react-query';
import { API_RULE } from '../../../shared/plans';
import { planQuery } from '../../lib/shared-queries';

/**
 * Whether this workspace's plan lets its tokens call the API now, by the same rule the server's gate
 * applies (shared/plans.ts). Download links work with any plan, so the note never blocks token creation.
 */
export function ApiAccessNote() {
  const plan = useQuery(planQuery());
  if (!plan.data) return <p className="text-sm text-muted-foreground">{API_RULE}</p>;
  const { apiAccess, planName, status } = plan.data;
  return (
    <p className="text-sm text-muted-foreground" data-testid="api-access-note">
      {apiAccess ? (
        <>
          Your {planName} plan{status === 'trial' ? ' (free trial)' : ''} includes the API.
        </>
      ) : (
        <>
          Your {planName} plan does not include the API. {API_RULE}{' '}
          <a className="font-medium text-primary underline" href="/subscribe?plan=whitelabel">
            Choose White Label
          </a>
        </>
      )}
    </p>
  );
}
