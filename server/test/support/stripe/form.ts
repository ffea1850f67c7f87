/**
 * Stripe's API takes application/x-www-form-urlencoded bodies with bracketed keys
 * (`line_items[0][price]=price_1&metadata[userId]=u`); this turns them back into nested objects and arrays.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p, i) => p !== '' || i === 0);
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      if (container[slot] === undefined) container[slot] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = container[slot] as Record<string, unknown>;
    });
  }
  return root;
}
