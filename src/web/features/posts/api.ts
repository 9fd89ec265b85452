/* eslint-disable lingui/no-unlocalized-strings -- this file holds no words, only the API contract's
   endpoint keys ("GET /api/posts"), which the rule takes for words because of their capitals and spaces. */
import { useInfiniteQuery, useQuery, type InfiniteData } from "@tanstack/react-query";
import { queryClient } from "../../lib/query-client";
import { refreshQueries } from "../../lib/refresh-queries";
import { apiQuery, apiQueryKey, callApi, type CallInput } from "../../lib/api-client";
import { serverMessage } from "../../lib/errors";
import { FEED_PAGE_SIZE, MY_POSTS_PAGE_SIZE, type FeedCursor } from "../../../shared/posts";
import type { LikeState, Post, PostComment } from "../../../shared/posts/responses";

export const POSTS_KEY = apiQueryKey("GET /api/posts");
export const MY_POSTS_KEY = apiQueryKey("GET /api/posts/mine");

type FeedPages = InfiniteData<Post[], FeedCursor | null>;

/** A list of posts fetched a page at a time, older pages with ?before={last post id}&at={its createdAt}. */
function usePostPages(key: "GET /api/posts" | "GET /api/posts/mine", pageSize: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: apiQueryKey(key),
    enabled,
    initialPageParam: null as FeedCursor | null,
    queryFn: ({ pageParam }) => callApi(key, { query: pageParam ?? {} }),
    getNextPageParam: (last): FeedCursor | null =>
      last.length < pageSize ? null : { before: last.at(-1)!.id, at: last.at(-1)!.createdAt },
  });
}

/** The feed, 20 posts a page. */
export function useFeed(enabled: boolean) {
  return usePostPages("GET /api/posts", FEED_PAGE_SIZE, enabled);
}

/** The signed-in user's own posts, pending and published, for the profile. */
export function useMyPosts(enabled: boolean) {
  return usePostPages("GET /api/posts/mine", MY_POSTS_PAGE_SIZE, enabled);
}

/** The key of one post read alone (GET /api/posts/:id: where a notification leads). */
export const postKey = (id: string) => apiQueryKey("GET /api/posts/:id", { params: { id } });

/** One post, as the feed shows it to the reader. */
export function usePost(id: string | null) {
  return useQuery({ ...apiQuery("GET /api/posts/:id", { params: { id: id ?? "" } }), enabled: Boolean(id) });
}

/** Change one post wherever the cache holds it (the feed's pages, the profile's list, the post read alone). */
export function updateCachedPost(id: string, change: (post: Post) => Post | null): void {
  const apply = (posts: Post[]) => posts.flatMap((post) => (post.id === id ? (change(post) ?? []) : [post]));
  queryClient.setQueryData<FeedPages>(POSTS_KEY, (data) => (data ? { ...data, pages: data.pages.map(apply) } : data));
  queryClient.setQueryData<FeedPages>(MY_POSTS_KEY, (data) =>
    data ? { ...data, pages: data.pages.map(apply) } : data,
  );
  if (queryClient.getQueryData(postKey(id))) {
    const changed = change(queryClient.getQueryData<Post>(postKey(id))!);
    if (changed) queryClient.setQueryData<Post>(postKey(id), changed);
    else void refreshQueries({ queryKey: postKey(id) });
  }
}

/** Read the feed (every page, and any post read alone) and the profile's drawings again. */
export const refreshFeed = () => refreshQueries({ queryKey: POSTS_KEY }, { queryKey: MY_POSTS_KEY });

/**
 * The server's words when it refused because of who is asking (403: a suspended or banned member,
 * told until when and why; a comment on the post of someone who blocked them), else null.
 */
export function refusalMessage(error: unknown): string | null {
  return error instanceof Error && error.message.startsWith("403: ") ? serverMessage(error) : null;
}

export const toggleLike = (postId: string): Promise<LikeState> =>
  callApi("POST /api/posts/:id/like", { params: { id: postId } });

export const addComment = (postId: string, text: string): Promise<PostComment> =>
  callApi("POST /api/posts/:id/comment", { params: { id: postId }, body: { text } });

export const approvePost = (postId: string) => callApi("PUT /api/posts/:id/approve", { params: { id: postId } });
export const deletePost = (postId: string) => callApi("DELETE /api/posts/:id", { params: { id: postId } });
export const deleteComment = (postId: string, commentId: string) =>
  callApi("DELETE /api/posts/:id/comments/:commentId", { params: { id: postId, commentId } });

export const reportContent = (body: CallInput<"POST /api/reports">["body"]) => callApi("POST /api/reports", { body });
export const blockPerson = (userId: string) => callApi("PUT /api/blocks/:userId", { params: { userId } });
export const moderate = async (body: CallInput<"POST /api/admin/moderation/actions">["body"]) => {
  const answer = await callApi("POST /api/admin/moderation/actions", { body });
  await refreshFeed();
  return answer;
};
