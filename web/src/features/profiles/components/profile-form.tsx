import '@mantine/dates/styles.css';
import {
  BIO_MAX,
  IMAGE_UPLOAD_MAX_BYTES,
  ROLE,
  updateProfileBody,
  type UserDetails,
} from '@floorfill/shared';
import {
  Button,
  Grid,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { ImageCropInput } from '@/components/ui/image-crop-input';
import { schemaErrors, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { countryOptions } from '../utils/countries';
import { shownNameOf } from '../utils/profile-text';

/** Crop shapes the server expects: a square avatar and an 8:3 cover. */
export const PROFILE_IMAGE_ASPECT = 1;
export const COVER_PHOTO_ASPECT = 8 / 3;

export interface ProfileFormValues {
  display_name: string;
  name: string;
  bio: string;
  date_of_birth: string | null;
  gender: string | null;
  address: string;
  zip: string;
  city: string;
  state: string;
  country: string | null;
  default_login: string;
  profile_image: File | null;
  cover_photo: File | null;
}

const IMAGE_FIELDS = ['profile_image', 'cover_photo'] as const;
type TextField = Exclude<keyof ProfileFormValues, (typeof IMAGE_FIELDS)[number]>;

function initialValuesOf(details: UserDetails): ProfileFormValues {
  const own = details.private;
  return {
    display_name: shownNameOf(details),
    name: details.name,
    bio: details.bio ?? '',
    date_of_birth: own?.date_of_birth ?? null,
    gender: own?.gender ?? null,
    address: own?.address ?? '',
    zip: own?.zip ?? '',
    city: own?.city ?? '',
    state: own?.state ?? '',
    country: own?.country ?? null,
    default_login: String(own?.default_login ?? ROLE.host),
    profile_image: null,
    cover_photo: null,
  };
}

/** The text part of the request, as the multipart form sends it: every value a string. */
export function profileTextFields(values: ProfileFormValues): Record<TextField, string> {
  return {
    display_name: values.display_name,
    name: values.name,
    bio: values.bio,
    date_of_birth: values.date_of_birth ?? '',
    gender: values.gender ?? '',
    address: values.address,
    zip: values.zip,
    city: values.city,
    state: values.state,
    country: values.country ?? '',
    default_login: values.default_login,
  };
}

function toFormData(values: ProfileFormValues): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(profileTextFields(values))) form.set(field, value);
  for (const field of IMAGE_FIELDS) {
    const file = values[field];
    if (file) form.set(field, file, file.name);
  }
  return form;
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="fieldset" m={0} miw={0}>
      <Title order={2} fz="md" component="legend" px={6} ml={-6}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

interface ProfileFormProps {
  details: UserDetails;
  /** After a successful save, with the saved profile (the server's answer). */
  onSaved: (details: UserDetails) => void;
}

/** Settings → Profile (spec §2): every field of one's own profile, images cropped before upload. */
export function ProfileForm({ details, onSaved }: ProfileFormProps) {
  const own = details.private;
  const [today] = useState(() => dayjs().format('YYYY-MM-DD'));
  const save = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    initialValues: initialValuesOf(details),
    validate: (values) => schemaErrors(updateProfileBody, profileTextFields(values)),
  });

  const submit = (values: ProfileFormValues) => {
    save.mutate(toFormData(values), {
      onSuccess: ({ msg, data }) => {
        if (msg) notifySuccess(msg);
        onSaved(data);
      },
      onError: (error) => showFormError(form, error),
    });
  };

  const imageError = (field: (typeof IMAGE_FIELDS)[number]) => {
    const error = form.errors[field];
    return typeof error === 'string' ? error : undefined;
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Profile details">
      <Stack gap="lg">
        <FormSection title="Images">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <ImageCropInput
                label="Cover Image"
                aspect={COVER_PHOTO_ASPECT}
                value={form.values.cover_photo}
                currentImageUrl={details.cover_photo_path}
                onChange={(file) => form.setFieldValue('cover_photo', file)}
                error={imageError('cover_photo')}
                maxBytes={IMAGE_UPLOAD_MAX_BYTES}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <ImageCropInput
                label="Profile Image"
                aspect={PROFILE_IMAGE_ASPECT}
                value={form.values.profile_image}
                currentImageUrl={details.profile_image_path}
                onChange={(file) => form.setFieldValue('profile_image', file)}
                error={imageError('profile_image')}
                maxBytes={IMAGE_UPLOAD_MAX_BYTES}
              />
            </Grid.Col>
          </Grid>
        </FormSection>

        <FormSection title="About you">
          <Stack gap="md">
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Display Name"
                  description="Shown to attendees on your profile and events."
                  autoComplete="nickname"
                  required
                  {...form.getInputProps('display_name')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Full Name"
                  description="Your legal name."
                  autoComplete="name"
                  required
                  {...form.getInputProps('name')}
                />
              </Grid.Col>
            </Grid>
            <Textarea
              label="Bio"
              description={`Optional. ${form.values.bio.length} / ${BIO_MAX} characters.`}
              rows={4}
              resize="vertical"
              maxLength={BIO_MAX}
              {...form.getInputProps('bio')}
            />
          </Stack>
        </FormSection>

        <FormSection title="Contact">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Phone"
                description="Set when you registered; it cannot be changed here."
                value={own?.phone ?? ''}
                disabled
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Email"
                description="Your login email; it cannot be changed."
                value={own?.email ?? ''}
                readOnly
              />
            </Grid.Col>
          </Grid>
        </FormSection>

        <FormSection title="Personal details">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateInput
                label="Date of birth"
                description="Optional."
                placeholder="Pick a date"
                valueFormat="MMMM D, YYYY"
                defaultLevel="decade"
                minDate="1900-01-01"
                maxDate={today}
                clearable
                clearButtonProps={{ 'aria-label': 'Clear date of birth' }}
                {...form.getInputProps('date_of_birth')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Gender"
                description="Optional."
                placeholder="Choose"
                data={[
                  { value: 'male', label: 'Male' },
                  { value: 'female', label: 'Female' },
                ]}
                clearable
                clearButtonProps={{ 'aria-label': 'Clear gender' }}
                {...form.getInputProps('gender')}
              />
            </Grid.Col>
          </Grid>
        </FormSection>

        <FormSection title="Address">
          <Grid gap="md">
            <Grid.Col span={12}>
              <TextInput
                label="Address"
                description="Optional."
                autoComplete="street-address"
                {...form.getInputProps('address')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="Zip"
                description="Optional."
                autoComplete="postal-code"
                {...form.getInputProps('zip')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="City"
                description="Optional."
                autoComplete="address-level2"
                {...form.getInputProps('city')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label="State"
                description="Optional."
                autoComplete="address-level1"
                {...form.getInputProps('state')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Select
                label="Country"
                description="Optional."
                placeholder="Search for a country"
                data={countryOptions(details.private?.country)}
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear country' }}
                nothingFoundMessage="No country found"
                {...form.getInputProps('country')}
              />
            </Grid.Col>
          </Grid>
        </FormSection>

        <FormSection title="Login">
          <Radio.Group
            label="Default Login"
            description="The dashboard that opens when you log in."
            {...form.getInputProps('default_login')}
          >
            <Group gap="xl" mt="xs">
              <Radio value={String(ROLE.host)} label="Host" />
              <Radio value={String(ROLE.attendee)} label="Attendee" />
            </Group>
          </Radio.Group>
        </FormSection>

        <Group justify="flex-end">
          <Button type="submit" size="md" loading={save.isPending} w={{ base: '100%', xs: 'auto' }}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
