/** Text made safe to put in an HTML message, between tags or in a quoted attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
