// Every mail the emulator sends is kept here (in memory, like a fresh Mailpit) and served
// through the Mailpit-compatible API on the mail port.
import { randomUUID } from 'node:crypto';

export interface Address {
  Name: string;
  Address: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links and codes worth showing on the mailbox page (e.g. the confirmation URL, the OTP). */
  links?: string[];
  codes?: string[];
  /** The message's id, when the sender had to answer it before the mail was sent (an SMS). */
  id?: string;
}

export interface StoredMail {
  ID: string;
  MessageID: string;
  From: Address;
  To: Address[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  Read: boolean;
  links: string[];
  codes: string[];
}

export const SENDER: Address = { Name: 'Portal emulator', Address: 'admin@email.com' };

export class Mailbox {
  private readonly messages: StoredMail[] = [];

  send(mail: OutgoingMail): StoredMail {
    const id = mail.id ?? randomUUID();
    const stored: StoredMail = {
      ID: id,
      MessageID: `${id}@portal-emulator`,
      From: SENDER,
      To: [{ Name: '', Address: mail.to }],
      Subject: mail.subject,
      Created: new Date().toISOString(),
      Text: mail.text,
      HTML: mail.html,
      Read: false,
      links: mail.links ?? [],
      codes: mail.codes ?? [],
    };
    this.messages.unshift(stored);
    return stored;
  }

  /** Puts back mails of an export (newest first, as `list()` gave them), after any already here. */
  restore(mails: StoredMail[]): void {
    this.messages.push(...mails);
  }

  /** Newest first, as Mailpit lists them. */
  list(filter?: { to?: string }): StoredMail[] {
    const to = filter?.to?.toLowerCase();
    return to
      ? this.messages.filter((m) => m.To.some((a) => a.Address.toLowerCase() === to))
      : [...this.messages];
  }

  get(id: string): StoredMail | undefined {
    return this.messages.find((m) => m.ID === id);
  }

  delete(ids?: string[]): void {
    if (!ids || ids.length === 0) {
      this.messages.length = 0;
      return;
    }
    const doomed = new Set(ids);
    for (let i = this.messages.length - 1; i >= 0; i--) {
      if (doomed.has(this.messages[i]!.ID)) this.messages.splice(i, 1);
    }
  }
}
