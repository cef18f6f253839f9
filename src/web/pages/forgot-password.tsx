import { ForgotPassword } from '../features/account/ForgotPassword';

export default function ForgotPasswordPage() {
  return <ForgotPassword />;
}
