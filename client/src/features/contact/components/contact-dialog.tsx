import { useRef, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { CONTACT_MESSAGE_MAX } from '@common/limits';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { FALLBACK_CONTACT_EMAIL, usePublicConfig } from '@client/lib/public-config';
import { useSendContactMessage } from '../api/send-contact-message';

interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in user's e-mail, sent with the message; null for a visitor. */
  email: string | null;
}

export function ContactDialog({ open, onOpenChange, email }: ContactDialogProps) {
  const [message, setMessage] = useState('');
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const send = useSendContactMessage();
  const { data: config } = usePublicConfig({ enabled: open });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = message.trim();
    if (!trimmed) {
      toast({
        variant: 'destructive',
        title: 'Message required',
        description: 'Please enter a message before sending.',
      });
      return;
    }
    send.mutate(
      { email: email ?? '', message: trimmed },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Message sent!', description: "We'll get back to you soon." });
          setMessage('');
          onOpenChange(false);
        },
        onError: () => {
          toast({
            variant: 'destructive',
            title: 'Failed to send message',
            description: `Please try again or email us directly at ${config?.contactEmail ?? FALLBACK_CONTACT_EMAIL}`,
          });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          messageRef.current?.focus();
        }}
      >
        <form onSubmit={handleSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Contact us</DialogTitle>
            <DialogDescription>
              Questions, feedback or a problem with an image? We read every message.
            </DialogDescription>
          </DialogHeader>
          {email ? (
            <div className="grid gap-2">
              <Label htmlFor="contact-email">Your e-mail</Label>
              <Input id="contact-email" type="email" value={email} readOnly />
            </div>
          ) : (
            <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">
              Sign in so we can reply to your account e-mail, or include an address in your message.
            </p>
          )}
          <div className="grid gap-2">
            <Label htmlFor="contact-message">Message</Label>
            <Textarea
              id="contact-message"
              ref={messageRef}
              rows={5}
              placeholder="How can we help you?"
              value={message}
              maxLength={CONTACT_MESSAGE_MAX}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              <Send />
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
