export type TrustProxy = false | number | string[];

const PROXY_ADDRESS = /^(?:[\d.]+|[\da-f:]+)(?:\/\d{1,3})?$/i;

/**
 * TRUST_PROXY as Fastify takes it; undefined when it is none of the forms.
 * `true` is one hop, not "every hop": believing every X-Forwarded-For entry
 * lets a client write its own address into the left-most one and so dodge
 * every per-address limit. Behind one proxy (the bundled nginx, which
 * appends the address it saw) the right-most entry is the client.
 */
export function trustProxyFrom(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const addresses = text.split(',').map((item) => item.trim());
  return addresses.length > 0 && addresses.every((item) => PROXY_ADDRESS.test(item))
    ? addresses
    : undefined;
}
