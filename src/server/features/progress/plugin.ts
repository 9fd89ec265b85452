import { contractPlugin } from "../../http/contract-plugin";
import type { Database } from "../../db/client";
import type { ObjectStorage } from "../../storage/object-storage";
import { progressEndpoints } from "../../../shared/progress/endpoints";
import { savedProgressHandlers } from "./saved-progress";
import { checkHandlers } from "./checks";
import { learnerProgressHandlers } from "./learner-progress";

/** A learner's progress: the saved canvas and the drawing checks kept with each dragon, and the progress over all of them. */
export const progressPlugin = contractPlugin(
  progressEndpoints,
  (_app, { db, storage }: { db: Database; storage: ObjectStorage }) => ({
    ...savedProgressHandlers(db),
    ...checkHandlers(db, storage),
    ...learnerProgressHandlers(db),
  }),
);
