// A small reader of the .eml files the outbox mailer writes (tests only): headers unfolded
// (RFC 5322), the text and HTML parts of a multipart/alternative message, decoded.

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(at).replace(/^\r?\n\r?\n/, "") };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding?.toLowerCase() === "quoted-printable") {
    const bytes: number[] = [];
    const joined = body.replace(/=\r?\n/g, "");
    for (let i = 0; i < joined.length; i++) {
      if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
        bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return body;
}

/** "=?UTF-8?Q?...?=" and "=?UTF-8?B?...?=" words of a header, decoded. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, how: string, data: string) =>
    how.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeBody(data.replace(/_/g, " "), "quoted-printable"),
  );
}

export function parseEml(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get("content-type") ?? "")?.[1];
  let text = "";
  let html = "";
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const { headers: partHeaders, body: partBody } = splitHead(part.replace(/^\r?\n/, ""));
    const decoded = decodeBody(partBody.replace(/\r?\n$/, ""), partHeaders.get("content-transfer-encoding"));
    if (partHeaders.get("content-type")?.startsWith("text/plain")) text = decoded;
    if (partHeaders.get("content-type")?.startsWith("text/html")) html = decoded;
  }
  return { headers, subject: decodeWords(headers.get("subject") ?? ""), text, html };
}
