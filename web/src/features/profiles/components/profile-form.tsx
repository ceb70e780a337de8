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
  type GridColProps,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm, type UseFormReturnType } from '@mantine/form';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { ImageCropInput } from '@/components/ui/image-crop-input';
import { schemaErrors, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { countryOptions } from '../utils/countries';
import {
  initialValuesOf,
  profileFormData,
  profileTextFields,
  type ImageField,
  type ProfileFormValues,
} from '../utils/profile-form-values';

type ProfileFormState = UseFormReturnType<ProfileFormValues>;

const HALF: GridColProps['span'] = { base: 12, sm: 6 };
const THIRD: GridColProps['span'] = { base: 12, sm: 4 };
const OPTIONAL = 'Optional.';

/** A text field as the form lays it out: its words, its autofill hint, its column width. */
interface TextFieldSpec {
  field: 'display_name' | 'name' | 'address' | 'zip' | 'city' | 'state';
  label: string;
  description: string;
  autoComplete: string;
  required?: boolean;
  span: GridColProps['span'];
}

const NAME_FIELDS: readonly TextFieldSpec[] = [
  {
    field: 'display_name',
    label: 'Display Name',
    description: 'Shown to attendees on your profile and events.',
    autoComplete: 'nickname',
    required: true,
    span: HALF,
  },
  {
    field: 'name',
    label: 'Full Name',
    description: 'Your legal name.',
    autoComplete: 'name',
    required: true,
    span: HALF,
  },
];

const ADDRESS_FIELDS: readonly TextFieldSpec[] = [
  {
    field: 'address',
    label: 'Address',
    description: OPTIONAL,
    autoComplete: 'street-address',
    span: 12,
  },
  { field: 'zip', label: 'Zip', description: OPTIONAL, autoComplete: 'postal-code', span: THIRD },
  {
    field: 'city',
    label: 'City',
    description: OPTIONAL,
    autoComplete: 'address-level2',
    span: THIRD,
  },
  {
    field: 'state',
    label: 'State',
    description: OPTIONAL,
    autoComplete: 'address-level1',
    span: THIRD,
  },
];

function TextFieldCols({
  form,
  fields,
}: {
  form: ProfileFormState;
  fields: readonly TextFieldSpec[];
}) {
  return fields.map((spec) => (
    <Grid.Col key={spec.field} span={spec.span}>
      <TextInput
        label={spec.label}
        description={spec.description}
        autoComplete={spec.autoComplete}
        required={spec.required}
        {...form.getInputProps(spec.field)}
      />
    </Grid.Col>
  ));
}

/** Crop shapes the server expects: an 8:3 cover and a square avatar. */
const IMAGE_INPUTS: readonly {
  field: ImageField;
  label: string;
  aspect: number;
  savedUrl: 'cover_photo_path' | 'profile_image_path';
  span: GridColProps['span'];
}[] = [
  {
    field: 'cover_photo',
    label: 'Cover Image',
    aspect: 8 / 3,
    savedUrl: 'cover_photo_path',
    span: { base: 12, md: 8 },
  },
  {
    field: 'profile_image',
    label: 'Profile Image',
    aspect: 1,
    savedUrl: 'profile_image_path',
    span: { base: 12, md: 4 },
  },
];

function ImageCols({ form, details }: { form: ProfileFormState; details: UserDetails }) {
  return IMAGE_INPUTS.map((image) => {
    const error = form.errors[image.field];
    return (
      <Grid.Col key={image.field} span={image.span}>
        <ImageCropInput
          label={image.label}
          aspect={image.aspect}
          value={form.values[image.field]}
          currentImageUrl={details[image.savedUrl]}
          onChange={(file) => form.setFieldValue(image.field, file)}
          error={typeof error === 'string' ? error : undefined}
          maxBytes={IMAGE_UPLOAD_MAX_BYTES}
        />
      </Grid.Col>
    );
  });
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
    save.mutate(profileFormData(values), {
      onSuccess: ({ msg, data }) => {
        if (msg) notifySuccess(msg);
        onSaved(data);
      },
      onError: (error) => showFormError(form, error),
    });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Profile details">
      <Stack gap="lg">
        <FormSection title="Images">
          <Grid gap="lg">
            <ImageCols form={form} details={details} />
          </Grid>
        </FormSection>

        <FormSection title="About you">
          <Stack gap="md">
            <Grid gap="md">
              <TextFieldCols form={form} fields={NAME_FIELDS} />
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
            <Grid.Col span={HALF}>
              <TextInput
                label="Phone"
                description="Set when you registered; it cannot be changed here."
                value={own?.phone ?? ''}
                disabled
              />
            </Grid.Col>
            <Grid.Col span={HALF}>
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
            <Grid.Col span={HALF}>
              <DateInput
                label="Date of birth"
                description={OPTIONAL}
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
            <Grid.Col span={HALF}>
              <Select
                label="Gender"
                description={OPTIONAL}
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
            <TextFieldCols form={form} fields={ADDRESS_FIELDS} />
            <Grid.Col span={12}>
              <Select
                label="Country"
                description={OPTIONAL}
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
