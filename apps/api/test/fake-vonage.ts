import Fastify from 'fastify';
import { generate } from 'selfsigned';

export type ReceivedSms = { to: string; from: string; text: string; authorization: string };

/**
 * A stand-in for Vonage's SMS API (POST /sms/json) on a local HTTPS port, answering with Vonage's JSON shape, so the
 * provider's official client runs over real HTTPS in tests. `refuseWith` makes it answer a Vonage error status.
 */
export async function startFakeVonage() {
  // Like the Mollie stand-in: a self-signed certificate, verification skipped in the test process (loopback only).
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048 });
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const app = Fastify({ https: { key: pems.private, cert: pems.cert } });
  const received: ReceivedSms[] = [];
  let refusal: { status: string; errorText: string } | null = null;
  let counter = 0;

  app.post('/sms/json', async (request, reply) => {
    const body = request.body as { to?: string; from?: string; text?: string };
    const authorization = request.headers.authorization ?? '';
    if (!authorization.startsWith('Basic ')) return reply.status(401).send({ type: 'unauthorized' });
    received.push({ to: body.to ?? '', from: body.from ?? '', text: body.text ?? '', authorization });
    const message = refusal
      ? { status: refusal.status, 'error-text': refusal.errorText }
      : {
          to: body.to,
          'message-id': `fake-${++counter}`,
          status: '0',
          'remaining-balance': '10.0',
          'message-price': '0.07',
          network: '26202',
        };
    return { 'message-count': '1', messages: [message] };
  });

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    restHost: address,
    received,
    refuseWith: (status: string, errorText: string) => {
      refusal = { status, errorText };
    },
    accept: () => {
      refusal = null;
    },
    close: () => app.close(),
  };
}
