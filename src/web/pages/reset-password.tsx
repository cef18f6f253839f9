import { useSearch } from 'wouter';
import { ResetPassword } from '../features/account/ResetPassword';

/** The mailed link's page: the token comes in its query string. */
export default function ResetPasswordPage() {
  return <ResetPassword token={new URLSearchParams(useSearch()).get('token') ?? ''} />;
}
