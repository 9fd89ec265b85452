import { lazy, Suspense, useState, type FormEvent } from "react";
import { Camera, Trash2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../components/avatar";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/use-toast";
import { serverMessage } from "../../lib/errors";
import type { CurrentUser } from "../../../shared/auth/responses";
import { UPLOAD_MAX_BYTES } from "../../../shared/uploads";
import { useRemoveAvatar, useSetAvatar, useUpdateProfile } from "./api";

// The feed's upload widget, loaded only when someone picks a picture.
const UppyUploader = lazy(() =>
  import("../../components/uploads/uppy-uploader").then((m) => ({ default: m.UppyUploader })),
);

/** 'Your details': first and last name, and the profile picture. */
export function ProfileDetails({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const [names, setNames] = useState({ firstName: user.firstName ?? "", lastName: user.lastName ?? "" });
  const [picking, setPicking] = useState(false);
  const update = useUpdateProfile();
  const setAvatar = useSetAvatar();
  const removeAvatar = useRemoveAvatar();
  const changed = names.firstName.trim() !== (user.firstName ?? "") || names.lastName.trim() !== (user.lastName ?? "");

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(names, {
      onSuccess: () => toast({ title: t`Profile Updated`, description: t`Your name has been saved.` }),
      onError: (error) =>
        toast({
          title: t`Error`,
          description: serverMessage(error) ?? t`Failed to update your profile`,
          variant: "destructive",
        }),
    });
  };

  const avatarError = (error: unknown) =>
    toast({
      title: t`Error`,
      description: serverMessage(error) ?? t`Failed to update your picture`,
      variant: "destructive",
    });

  return (
    <Card className="p-6">
      <h2 className="text-xl font-bold">
        <Trans>Your details</Trans>
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Avatar src={user.profileImageUrl} size={72} />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setPicking(true)} disabled={setAvatar.isPending}>
            <Camera className="h-4 w-4" aria-hidden />{" "}
            {setAvatar.isPending ? (
              <Trans>Saving picture...</Trans>
            ) : user.profileImageUrl ? (
              <Trans>Change picture</Trans>
            ) : (
              <Trans>Add a picture</Trans>
            )}
          </Button>
          {user.profileImageUrl && (
            <Button
              variant="ghost"
              onClick={() =>
                removeAvatar.mutate(undefined, {
                  onError: avatarError,
                  onSuccess: () => toast({ title: t`Picture Removed` }),
                })
              }
              disabled={removeAvatar.isPending}
            >
              <Trash2 className="h-4 w-4" aria-hidden /> <Trans>Remove picture</Trans>
            </Button>
          )}
        </div>
      </div>
      <form onSubmit={save} className="mt-5 grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t`First name`}
            name="firstName"
            autoComplete="given-name"
            maxLength={100}
            value={names.firstName}
            onChange={(e) => setNames({ ...names, firstName: e.target.value })}
          />
          <TextField
            label={t`Last name`}
            name="lastName"
            autoComplete="family-name"
            maxLength={100}
            value={names.lastName}
            onChange={(e) => setNames({ ...names, lastName: e.target.value })}
          />
        </div>
        <Button type="submit" disabled={update.isPending || !changed} className="justify-self-start">
          {update.isPending ? <Trans>Saving...</Trans> : <Trans>Save Name</Trans>}
        </Button>
      </form>
      {picking && (
        <Suspense fallback={null}>
          <UppyUploader
            title={t`Upload a profile picture`}
            maxNumberOfFiles={1}
            maxFileSize={UPLOAD_MAX_BYTES}
            note={t`A photo of you (or your favourite dragon): cropped square, location and camera details removed`}
            onUploaded={([file]) => {
              setPicking(false);
              if (file)
                setAvatar.mutate(file.objectPath, {
                  onError: avatarError,
                  onSuccess: () => toast({ title: t`Picture Updated` }),
                });
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}
