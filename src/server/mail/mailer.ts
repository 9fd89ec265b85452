import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends mail through SMTP_URL, or, without it, writes each message as an .eml file to DATA_DIR/outbox. */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

// nodemailer is loaded with the first message, not at every start (decision 025).
let nodemailerModule: ReturnType<typeof importNodemailer> | undefined;
const importNodemailer = () => import("nodemailer").then((module) => module.default);
const loadNodemailer = () => (nodemailerModule ??= importNodemailer());

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const smtpUrl = config.SMTP_URL;
    let transport: Promise<Transporter> | undefined;
    return {
      kind: "smtp",
      async send(message) {
        transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(smtpUrl));
        await (await transport).sendMail({ from: config.MAIL_FROM, ...message });
      },
    };
  }
  const outbox = path.join(config.DATA_DIR, "outbox");
  let transport: Promise<Transporter> | undefined;
  return {
    kind: "outbox",
    async send(message) {
      transport ??= loadNodemailer().then((nodemailer) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
      );
      const info = await (await transport).sendMail({ from: config.MAIL_FROM, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.to.replace(/[^a-z0-9@._-]/gi, "_")}.eml`,
      );
      // Written whole, then renamed: a reader of the outbox never sees half a message.
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      // Logs keep no addresses and no links (a verification or reset link is a live token): the
      // message itself is in the outbox.
      log.info(`Mail written to ${outbox} (no SMTP_URL): ${message.subject}`);
    },
  };
}
