import { expect, type APIRequestContext } from '@playwright/test';

// Reads the messages the server sent through Mailpit's HTTP API (playwright.config.ts starts it).
const api = process.env.E2E_MAIL_API ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 18765) + 3}`;

interface Summary {
  ID: string;
  Subject: string;
  To: { Address: string }[];
}

export interface Mail {
  subject: string;
  text: string;
  html: string;
  /** The link of the message (its button), as sent. */
  link: string;
}

/** Waits for the count-th message (1 = the first) to `to` whose subject starts with `subject`. */
export async function waitForMail(request: APIRequestContext, to: string, subject: string, count = 1): Promise<Mail> {
  let found: Summary | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${api}/api/v1/search`, { params: { query: `to:"${to}"`, limit: '50' } });
        const list = ((await res.json()) as { messages: Summary[] }).messages.filter((m) => m.Subject.startsWith(subject)).reverse(); // Mailpit lists the newest first
        found = list[count - 1];
        return list.length;
      },
      { message: `message ${count} '${subject}' to ${to}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const res = await request.get(`${api}/api/v1/message/${found!.ID}`);
  const m = (await res.json()) as { Subject: string; Text: string; HTML: string };
  const link = /https?:\/\/\S+#token=[\w-]+/.exec(m.Text)?.[0] ?? '';
  return { subject: m.Subject, text: m.Text, html: m.HTML, link };
}
