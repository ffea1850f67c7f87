import { useState } from 'react';
import { useLocation } from 'wouter';
import { LoginDialog } from './login-dialog';

/**
 * The login dialog of a page that needs a signed-in person: open while `signedOut`, and closing it without
 * signing in leaves for `leaveTo`, since the page has nothing to show.
 */
export function SignInGate({ signedOut, leaveTo }: { signedOut: boolean; leaveTo: string }) {
  const [, navigate] = useLocation();
  const [dismissed, setDismissed] = useState(false);
  return (
    <LoginDialog
      open={signedOut && !dismissed}
      onOpenChange={(open) => {
        if (open) return;
        setDismissed(true);
        navigate(leaveTo);
      }}
    />
  );
}
