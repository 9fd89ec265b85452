/** The server's message from an API call's error ("{status}: {text}"), or null when there is none. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]+)$/.exec(error.message);
  const text = match?.[1]?.trim();
  return text ? text : null;
}
