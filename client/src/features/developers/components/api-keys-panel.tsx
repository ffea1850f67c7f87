import { useState, type FormEvent } from 'react';
import { KeyRound, Loader2 } from 'lucide-react';
import { API_KEY_NAME_MAX } from '@common/limits';
import type { ApiKey } from '@common/schemas/api';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { CodeBlock } from './code-block';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The API page's body: make a key (shown once), see each key's last use, revoke. */
export function ApiKeysPanel() {
  const keys = useApiKeys(true);
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const made = await create.mutateAsync(name.trim()).catch(() => null);
    if (made) {
      setCreated({ name: name.trim(), key: made.key });
      setName('');
    }
  }

  return (
    <div className="grid gap-6">
      <Card className="p-6">
        <h2 className="text-lg font-semibold">Create a key</h2>
        <form className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit}>
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="api-key-name">Name</Label>
            <Input
              id="api-key-name"
              value={name}
              maxLength={API_KEY_NAME_MAX}
              placeholder="e.g. Shop photo sync"
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            {create.isPending ? <Loader2 className="animate-spin" /> : <KeyRound />} Create key
          </Button>
        </form>
        {create.error && (
          <p className="mt-3 text-sm text-destructive" role="alert">
            {create.error.message}
          </p>
        )}
        {created && (
          <div className="mt-5 grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4" role="status">
            <p className="text-sm font-medium">
              Your new key “{created.name}”. Copy it now: it is shown only this once.
            </p>
            <CodeBlock code={created.key} label="the new key" testId="new-api-key" />
          </div>
        )}
      </Card>

      <Card className="p-6">
        <h2 className="text-lg font-semibold">Your keys</h2>
        {keys.isLoading ? (
          <p className="mt-4 text-sm text-muted-foreground">Loading...</p>
        ) : keys.error ? (
          <p className="mt-4 text-sm text-destructive">{keys.error.message}</p>
        ) : keys.data?.keys.length ? (
          <ul className="mt-4 divide-y" data-testid="api-key-list">
            {keys.data.keys.map((key) => (
              <KeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-muted-foreground">No keys yet.</p>
        )}
      </Card>
    </div>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3" data-testid="api-key-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {apiKey.name} <code className="ml-1 text-xs text-muted-foreground">{apiKey.prefix}…</code>
        </p>
        <p className="text-xs text-muted-foreground" data-testid="api-key-usage">
          Created {when(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `Last used ${when(apiKey.lastUsedAt)}` : 'Never used'}
          {revoked && ` · Revoked ${when(apiKey.revokedAt!)}`}
        </p>
      </div>
      {!revoked && (
        <Button
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          aria-label={`Revoke ${apiKey.name}`}
          onClick={() => revoke.mutate(apiKey.id)}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}
