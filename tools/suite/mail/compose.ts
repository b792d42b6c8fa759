interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  body: string;
  cc?: string;
  bcc?: string;
  /** Threading of a reply: the Message-ID answered and the chain before it. */
  inReplyTo?: string;
  references?: string[];
}

/**
 * The RFC 2822 message Gmail sends, built by nodemailer's composer: UTF-8 subject and names as encoded
 * words, the body in quoted-printable UTF-8, a Message-ID, In-Reply-To and References on replies. Bcc
 * stays in the message given to Gmail, which delivers it and strips it from what recipients see.
 */
export async function composeRaw(mail: OutgoingMail): Promise<string> {
  // Loaded on the first mail sent: listing the tools at start-up needs none of nodemailer.
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  const composer = new MailComposer({
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    bcc: mail.bcc,
    subject: mail.subject,
    text: mail.body,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    textEncoding: 'quoted-printable',
  });
  const node = composer.compile();
  // The composer leaves Bcc out of what it builds unless told to keep it.
  (node as unknown as { keepBcc: boolean }).keepBcc = true;
  return (await node.build()).toString('base64url');
}
