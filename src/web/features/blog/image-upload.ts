import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { toast } from "../../components/ui/use-toast";
import { handleUnauthorized, isUnauthorizedError } from "../../lib/unauthorized";
import { BLOG_IMAGE_TYPES, BlogImageError, uploadBlogImage } from "./admin-api";

/**
 * Upload a picture for a post (the featured image or one in the body), saying how it went
 * (docs/spec.md §8, blog image upload), in the page's language (`i18n` is the I18nProvider's, from
 * useLingui). Answers its object path, or null when it failed.
 */
export async function uploadImageWithToasts(file: File, i18n: I18n): Promise<string | null> {
  // docs/spec.md §5: the featured image must be an image file (and the server takes these kinds).
  if (!BLOG_IMAGE_TYPES.includes(file.type)) {
    toast({
      title: i18n._(msg`Error`),
      description: i18n._(msg`Please choose an image file (PNG, JPEG, WebP or GIF)`),
      variant: "destructive",
    });
    return null;
  }
  try {
    const objectPath = await uploadBlogImage(file);
    toast({ title: i18n._(msg`Success`), description: i18n._(msg`Image uploaded successfully!`) });
    return objectPath;
  } catch (error) {
    const step = error instanceof BlogImageError ? error.step : "upload";
    if (error instanceof BlogImageError && isUnauthorizedError(error.cause)) handleUnauthorized();
    else
      toast({
        title: i18n._(msg`Error`),
        description: i18n._(step === "acl" ? msg`Failed to set image permissions` : msg`Failed to upload image`),
        variant: "destructive",
      });
    return null;
  }
}
