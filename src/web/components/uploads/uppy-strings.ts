import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * Uppy's words a person can meet in this widget that @uppy/locales leaves in English in some of
 * our languages (the Link and Camera tabs, the camera's buttons, a refused file) or words oddly
 * (its Arabic headline), as our messages.
 * `%{…}` is where Uppy puts its own values. Its "Companion failed to fetch this URL" names a
 * program, so the link's failure is told in our words in English too.
 */
export function uppyStrings(i18n: I18n): Record<string, string> {
  const name = "%{name}";
  const fileName = "%{fileName}";
  const complete = "%{complete}";
  const browseFiles = "%{browseFiles}";
  return {
    dropPasteFiles: i18n._(msg`Drop files here or ${browseFiles}`),
    dropPasteImportFiles: i18n._(msg`Drop files here, ${browseFiles} or import from:`),
    browseFiles: i18n._(msg`browse files`),
    pluginNameUrl: i18n._(msg`Link`),
    pluginNameCamera: i18n._(msg`Camera`),
    noCameraTitle: i18n._(msg`Camera Not Available`),
    noCameraDescription: i18n._(msg`To take a picture, please connect a camera`),
    takePictureBtn: i18n._(msg`Take Picture`),
    submitRecordedFile: i18n._(msg`Use this picture`),
    discardRecordedFile: i18n._(msg`Take another`),
    showErrorDetails: i18n._(msg`Show error details`),
    itemActionsNamed: i18n._(msg`Actions for ${name}`),
    noDuplicates: i18n._(msg`${fileName} is already added`),
    noMoreFilesAllowed: i18n._(msg`Cannot add more files`),
    error: i18n._(msg`Error`),
    unnamed: i18n._(msg`Unnamed`),
    pleaseWait: i18n._(msg`Please wait`),
    dataUploadedOfUnknown: i18n._(msg`${complete} of unknown`),
    importFiles: i18n._(msg`Import files from:`),
    failedToFetch: i18n._(msg`We could not fetch that link. Please check it and try again.`),
  };
}
