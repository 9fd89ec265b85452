import { eq, inArray } from "drizzle-orm";
import { contractPlugin } from "../../http/contract-plugin";
import { HttpError } from "../../http/errors";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { maskEmail } from "../../../shared/posts";
import { CANNOT_BLOCK_SELF_MESSAGE } from "../../../shared/moderation";
import type { BlockSets } from "../../auth/block-sets";
import { blocksEndpoints } from "../../../shared/blocks/endpoints";
import { requestTranslator } from "../../i18n/request-language";

/**
 * Blocks (decision 029): a member blocks another from a post card or comment; the list is on
 * their profile. Private: nothing tells the blocked person, and the list shows masked addresses.
 */
export const blocksPlugin = contractPlugin(
  blocksEndpoints,
  (_app, { db, blockSets }: { db: Database; blockSets: BlockSets }) => ({
    "GET /api/blocks": async (_request, reply, caller) => {
      reply.header("cache-control", "no-store");
      const listed = await blockSets.listedBy(caller.id);
      if (listed.length === 0) return [];
      const people = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          profileImageUrl: users.profileImageUrl,
          email: users.email,
        })
        .from(users)
        .where(
          inArray(
            users.id,
            listed.map((row) => row.userId),
          ),
        );
      const byId = new Map(people.map((person) => [person.id, person]));
      return listed.flatMap(({ userId, createdAt }) => {
        const person = byId.get(userId);
        if (!person) return [];
        return [
          {
            userId,
            firstName: person.firstName,
            lastName: person.lastName,
            profileImageUrl: person.profileImageUrl,
            email: maskEmail(person.email),
            blockedAt: createdAt.toISOString(),
          },
        ];
      });
    },

    "PUT /api/blocks/:userId": async (request, _reply, caller) => {
      const { userId } = request.params;
      if (userId === caller.id) throw new HttpError(400, CANNOT_BLOCK_SELF_MESSAGE);
      const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!person) throw new HttpError(404, /*i18n*/ "User not found");
      await blockSets.block(caller.id, userId);
      return { message: requestTranslator(request)(/*i18n*/ "Blocked") };
    },

    "DELETE /api/blocks/:userId": async (request, _reply, caller) => {
      await blockSets.unblock(caller.id, request.params.userId);
      return { message: requestTranslator(request)(/*i18n*/ "Unblocked") };
    },
  }),
);
