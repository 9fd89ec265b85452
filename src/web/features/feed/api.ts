import { useInfiniteQuery, useQuery, type InfiniteData } from "@tanstack/react-query";
import { apiRequest, queryClient } from "../../lib/query-client";
import { FEED_PAGE_SIZE, type LikeState, type Post, type PostComment } from "../../../shared/posts";

export const POSTS_KEY = ["/api/posts"] as const;
export const MY_POSTS_KEY = ["/api/posts/mine"] as const;

type FeedPages = InfiniteData<Post[], string | null>;

/** The feed, 20 posts a page, older pages fetched with ?before={last post id}. */
export function useFeed(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: POSTS_KEY,
    enabled,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const url = pageParam ? `/api/posts?before=${encodeURIComponent(pageParam)}` : "/api/posts";
      return (await (await apiRequest("GET", url)).json()) as Post[];
    },
    getNextPageParam: (last) => (last.length < FEED_PAGE_SIZE ? null : last.at(-1)!.id),
  });
}

/** The signed-in user's own posts, pending and published, for the profile. */
export function useMyPosts(enabled: boolean) {
  return useQuery<Post[]>({ queryKey: MY_POSTS_KEY, enabled });
}

/** Change one post wherever the cache holds it (the feed's pages and the profile's list). */
export function updateCachedPost(id: string, change: (post: Post) => Post | null): void {
  const apply = (posts: Post[]) => posts.flatMap((post) => (post.id === id ? (change(post) ?? []) : [post]));
  queryClient.setQueryData<FeedPages>(POSTS_KEY, (data) => (data ? { ...data, pages: data.pages.map(apply) } : data));
  queryClient.setQueryData<Post[]>(MY_POSTS_KEY, (data) => (data ? apply(data) : data));
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
