import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import { apiRequest, queryClient } from "../../lib/query-client";
import { FEED_PAGE_SIZE, MY_POSTS_PAGE_SIZE, type FeedCursor, type LikeState, type Post, type PostComment } from "../../../shared/posts";

export const POSTS_KEY = ["/api/posts"] as const;
export const MY_POSTS_KEY = ["/api/posts/mine"] as const;

type FeedPages = InfiniteData<Post[], FeedCursor | null>;

/** A list of posts fetched a page at a time, older pages with ?before={last post id}&at={its createdAt}. */
function usePostPages(key: readonly string[], url: string, pageSize: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: key,
    enabled,
    initialPageParam: null as FeedCursor | null,
    queryFn: async ({ pageParam }) => {
      const pageUrl = pageParam ? `${url}?${new URLSearchParams(pageParam.at ? { before: pageParam.before, at: pageParam.at } : { before: pageParam.before })}` : url;
      return (await (await apiRequest("GET", pageUrl)).json()) as Post[];
    },
    getNextPageParam: (last): FeedCursor | null => (last.length < pageSize ? null : { before: last.at(-1)!.id, at: last.at(-1)!.createdAt }),
  });
}

/** The feed, 20 posts a page. */
export function useFeed(enabled: boolean) {
  return usePostPages(POSTS_KEY, "/api/posts", FEED_PAGE_SIZE, enabled);
}

/** The signed-in user's own posts, pending and published, for the profile. */
export function useMyPosts(enabled: boolean) {
  return usePostPages(MY_POSTS_KEY, "/api/posts/mine", MY_POSTS_PAGE_SIZE, enabled);
}

/** Change one post wherever the cache holds it (the feed's pages and the profile's list). */
export function updateCachedPost(id: string, change: (post: Post) => Post | null): void {
  const apply = (posts: Post[]) => posts.flatMap((post) => (post.id === id ? (change(post) ?? []) : [post]));
  queryClient.setQueryData<FeedPages>(POSTS_KEY, (data) => (data ? { ...data, pages: data.pages.map(apply) } : data));
  queryClient.setQueryData<FeedPages>(MY_POSTS_KEY, (data) => (data ? { ...data, pages: data.pages.map(apply) } : data));
}

export async function toggleLike(postId: string): Promise<LikeState> {
  return (await (await apiRequest("POST", `/api/posts/${postId}/like`)).json()) as LikeState;
}

export async function addComment(postId: string, text: string): Promise<PostComment> {
  return (await (await apiRequest("POST", `/api/posts/${postId}/comment`, { text })).json()) as PostComment;
}

export const approvePost = (postId: string) => apiRequest("PUT", `/api/posts/${postId}/approve`);
export const deletePost = (postId: string) => apiRequest("DELETE", `/api/posts/${postId}`);
export const deleteComment = (postId: string, commentId: string) => apiRequest("DELETE", `/api/posts/${postId}/comments/${commentId}`);
