import { ConsentCard } from '../features/mcp/ConsentCard';
import { Logo } from '../ui/Logo';

/** /oauth/authorize: an assistant asks for access (OAuth consent), outside the app's layout. */
export default function OAuthAuthorizePage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-6 px-4 py-12">
      <Logo />
      <h1 className="sr-only">Connect an assistant</h1>
      <ConsentCard search={window.location.search.replace(/^\?/, '')} />
    </main>
  );
}
