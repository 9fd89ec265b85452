import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import { queryClient } from "../../lib/query-client";
import { apiQueryKey, callApi } from "../../lib/api-client";
import { FEED_PAGE_SIZE, MY_POSTS_PAGE_SIZE, type FeedCursor, type LikeState, type Post, type PostComment } from "../../../shared/posts";

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
    getNextPageParam: (last): FeedCursor | null => (last.length < pageSize ? null : { before: last.at(-1)!.id, at: last.at(-1)!.createdAt }),
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

/** Change one post wherever the cache holds it (the feed's pages and the profile's list). */
export function updateCachedPost(id: string, change: (post: Post) => Post | null): void {
  const apply = (posts: Post[]) => posts.flatMap((post) => (post.id === id ? (change(post) ?? []) : [post]));
  queryClient.setQueryData<FeedPages>(POSTS_KEY, (data) => (data ? { ...data, pages: data.pages.map(apply) } : data));
  queryClient.setQueryData<FeedPages>(MY_POSTS_KEY, (data) => (data ? { ...data, pages: data.pages.map(apply) } : data));
}

export const toggleLike = (postId: string): Promise<LikeState> => callApi("POST /api/posts/:id/like", { params: { id: postId } });

export const addComment = (postId: string, text: string): Promise<PostComment> => callApi("POST /api/posts/:id/comment", { params: { id: postId }, body: { text } });

export const approvePost = (postId: string) => callApi("PUT /api/posts/:id/approve", { params: { id: postId } });
export const deletePost = (postId: string) => callApi("DELETE /api/posts/:id", { params: { id: postId } });
export const deleteComment = (postId: string, commentId: string) => callApi("DELETE /api/posts/:id/comments/:commentId", { params: { id: postId, commentId } });
