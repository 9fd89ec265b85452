// The component tests read the app's English words, as an English page does: both catalogs loaded.
import { i18n } from "@lingui/core";
import { loadCatalog } from "../lib/i18n";

await Promise.all([loadCatalog("en", "public"), loadCatalog("en", "members")]);
i18n.activate("en");
