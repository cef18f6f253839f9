import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, User as UserIcon } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { type Account, type UpdateProfileInput, updateProfileSchema } from '../../../shared/account';
import { Avatar, AvatarFallback, AvatarImage } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FilePicker } from '../../ui/file-picker';
import { FormField } from '../../ui/form-field';
import { Label } from '../../ui/label';
import { accountCalls, useAccountAction } from './api';

/** Name and picture. */
export function ProfileCard({ account }: { account: Account }) {
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { firstName: account.firstName ?? '', lastName: account.lastName ?? '' },
  });
  const save = useAccountAction({
    request: accountCalls.updateProfile,
    success: 'Name saved',
    failure: 'Could not save the name',
  });
  const upload = useAccountAction({
    request: accountCalls.uploadAvatar,
    success: 'Picture saved',
    failure: 'Could not save the picture',
  });
  const remove = useAccountAction({
    request: accountCalls.removeAvatar,
    success: 'Picture removed',
    failure: 'Could not remove the picture',
  });
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) upload.mutate(file);
    e.target.value = '';
  };
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>
          Signed in as <strong>{account.username}</strong>. Your name and picture are shown to your team.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar className="size-16">
            {account.avatarUrl && <AvatarImage src={account.avatarUrl} alt="Your picture" />}
            <AvatarFallback>
              <UserIcon className="size-6" />
            </AvatarFallback>
          </Avatar>
          <div className="grid gap-2">
            <Label htmlFor="avatar-file">{account.avatarUrl ? 'Change picture' : 'Upload picture'}</Label>
            <FilePicker
              id="avatar-file"
              accept="image/png,image/jpeg,image/webp"
              disabled={upload.isPending}
              fileName={upload.isPending ? 'Uploading…' : null}
              onChange={onFile}
              describedBy="avatar-hint"
              buttonText="Choose picture"
            />
          </div>
          {account.avatarUrl && (
            <Button variant="ghost" onClick={() => remove.mutate(undefined)} disabled={remove.isPending}>
              Remove
            </Button>
          )}
          <p id="avatar-hint" className="w-full text-xs text-muted-foreground">
            PNG, JPEG or WebP, at most 256 KB.
          </p>
        </div>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
          <FormField
            id="account-first-name"
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <FormField
            id="account-last-name"
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" />}
              Save name
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
