import { UsersRound } from "lucide-react";
import { SignUpTeaser } from "../../components/teaser";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth";
import { usePageMeta } from "../../lib/page-meta";
import { getStaticPageMeta } from "../../../shared/page-meta";

/** /feed: the community feed for members; a teaser for visitors. */
export function FeedPage() {
  usePageMeta(getStaticPageMeta("/feed")!);
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner label="Loading the feed" />;
  if (!user) {
    return (
      <SignUpTeaser icon={UsersRound} title="Community Feed">
        <p>The community feed is for registered users only. Sign up to share photos of your dragon drawings, and to like and comment on other learners' work.</p>
      </SignUpTeaser>
    );
  }
  // Posting, likes and comments are a later feature; until then members are told plainly.
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Card className="p-8 text-center">
        <h1 className="text-3xl font-bold">Community Feed</h1>
        <p className="mt-3 text-ink-soft">Sharing drawings with the community is not open yet. It is the next thing we are building.</p>
      </Card>
    </div>
  );
}
