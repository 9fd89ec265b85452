import { contractPlugin } from "../../http/contract-plugin";
import type { Database } from "../../db/client";
import type { ObjectStorage } from "../../storage/object-storage";
import { progressEndpoints } from "../../../shared/progress/endpoints";
import { savedProgressHandlers } from "./saved-progress";
import { checkHandlers } from "./checks";

/** A learner's progress on a dragon: the saved canvas and the drawing checks kept with it. */
export const progressPlugin = contractPlugin(
  progressEndpoints,
  (_app, { db, storage }: { db: Database; storage: ObjectStorage }) => ({
    ...savedProgressHandlers(db),
    ...checkHandlers(db, storage),
  }),
);
