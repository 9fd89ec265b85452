/**
 * A figure with its unit kept in one piece and in its own order inside a sentence that runs the
 * other way (Arabic): wrapped in a first-strong isolate.
 */
export const isolated = (figure: string) => `\u2068${figure}\u2069`;
