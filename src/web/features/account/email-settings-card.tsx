import { Mail } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Card } from "../../components/ui/card";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import { EMAIL_KINDS, EMAIL_KIND_LABELS } from "../../../shared/notifications";
import { useEmailSettings, useSaveEmailSettings } from "./api";

/** 'E-mail notifications': one switch per kind of e-mail; the bell shows everything whatever they say. */
export function EmailSettingsCard() {
  const { t, i18n } = useLingui();
  const settings = useEmailSettings();
  const save = useSaveEmailSettings();
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        <Mail className="h-5 w-5 text-accent" aria-hidden /> <Trans>E-mail notifications</Trans>
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        <Trans>Choose what we also send to your inbox. The bell at the top always shows everything.</Trans>
      </p>
      {settings.isPending ? (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          <Trans>Loading your e-mail settings...</Trans>
        </p>
      ) : settings.isError ? (
        <p role="alert" className="mt-4 text-sm text-ink-soft">
          <Trans>Your e-mail settings could not be loaded. Please reload the page.</Trans>
        </p>
      ) : (
        <div className="mt-4 grid gap-2">
          {EMAIL_KINDS.map((kind) => (
            <Switch
              key={kind}
              label={i18n._(EMAIL_KIND_LABELS[kind])}
              checked={settings.data[kind]}
              onCheckedChange={(checked) =>
                save.mutate(
                  { ...settings.data, [kind]: checked },
                  {
                    onError: (error) =>
                      toast({
                        title: t`Error`,
                        description:
                          serverMessage(error) ?? t`Your e-mail settings could not be saved. Please try again.`,
                        variant: "destructive",
                      }),
                  },
                )
              }
            />
          ))}
        </div>
      )}
    </Card>
  );
}
