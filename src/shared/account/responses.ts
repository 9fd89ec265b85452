import { z } from "zod";
import { text } from "../text";
import { isoTime } from "../contract/responses";

// The data export names its sections; their entries carry the columns of the member's rows as they
// are (account-repository.ts), so a column added to a table does not have to be added here too.
const exportEntry = z.record(text(), z.unknown());

const exportList = (description: string) => z.array(exportEntry).describe(description);

/** GET /api/account/export: everything stored about the member (decision 015), as a download. */
export const accountExportResponse = z
  .object({
    exportedAt: isoTime(),
    account: exportEntry.describe("The account, with any sanction on it"),
    sessions: exportList("Where the member is signed in: when each session began, was last seen and ends"),
    progress: exportList("Saved progress, one per dragon"),
    pictures: exportList("Their own pictures (Pro)"),
    drawingChecks: exportList("Kept drawing checks, with the photo's address"),
    learning: exportEntry.describe("The weekly goal, the days practised, the grid ladder's step and the milestones"),
    posts: exportList("Their posts, with moderators' reasons, photos, likes and the comments shown to them"),
    commentsWritten: exportList("Comments they wrote"),
    likesGiven: exportList("Posts they liked"),
    waitlist: z.object({ email: text(), createdAt: isoTime() }).nullable(),
    uploads: exportList("Files they uploaded"),
    reportsMade: exportList("Reports they made"),
    blocked: exportList("People they blocked, by name"),
    notifications: exportList("Their notifications"),
  })
  .describe("A JSON file, dragon-grid-data-{day}.json");
