import {
  httpUrlField,
  MSG,
  SOCIAL_LINKS_MAX_ROWS,
  type SocialLink,
  type SocialPlatform,
  type UpdateSocialLinksBody,
} from '@floorfill/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
  type ComboboxItem,
  type SelectProps,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import type { FormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSocialPlatforms, useUpdateSocialLinks } from '../api/social-links';
import classes from './profile.module.css';

export interface LinkRow {
  key: string;
  /** The saved link's id; new rows have none. */
  id?: number;
  social_id: string | null;
  link: string;
}

interface LinkFormValues {
  rows: LinkRow[];
}

function emptyRow(): LinkRow {
  return { key: randomId(), social_id: null, link: '' };
}

function rowsOf(links: SocialLink[]): LinkRow[] {
  if (links.length === 0) return [emptyRow()];
  return links.map((link) => ({
    key: randomId(),
    id: link.id,
    social_id: String(link.social_id),
    link: link.link,
  }));
}

/**
 * A row without a link is dropped on save (spec §2), whatever its platform.
 * A row with a link needs a platform and a real http(s) address.
 */
export function validateLinkRows(values: LinkFormValues): FormErrors {
  const errors: FormErrors = {};
  values.rows.forEach((row, index) => {
    const link = row.link.trim();
    if (!link) return;
    if (!row.social_id) errors[`rows.${index}.social_id`] = MSG.fieldRequired;
    const checked = httpUrlField.safeParse(link);
    if (!checked.success) {
      errors[`rows.${index}.link`] = checked.error.issues[0]?.message ?? MSG.invalidData;
    }
  });
  return errors;
}

/** The request body, and for each sent item the form row it came from (to place 422 errors). */
export function toSocialLinksPayload(rows: LinkRow[]): {
  body: UpdateSocialLinksBody;
  rowOfItem: number[];
} {
  const rowOfItem: number[] = [];
  const socialLinks: UpdateSocialLinksBody['social_links'] = [];
  rows.forEach((row, index) => {
    const link = row.link.trim();
    if (!link || !row.social_id) return;
    rowOfItem.push(index);
    socialLinks.push({
      ...(row.id === undefined ? {} : { id: row.id }),
      social_id: Number(row.social_id),
      link,
    });
  });
  return { body: { social_links: socialLinks }, rowOfItem };
}

const ITEM_ERROR = /^social_links\.(\d+)\.(social_id|link)$/;

/** `social_links.<i>.<field>` of a 422 onto `rows.<row>.<field>`; anything else is form-wide. */
export function linkErrorsOf(
  fieldErrors: Record<string, string[]>,
  rowOfItem: number[],
): { rows: FormErrors; general: string | null } {
  const rows: FormErrors = {};
  const general: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const match = ITEM_ERROR.exec(field);
    const row = match ? rowOfItem[Number(match[1])] : undefined;
    if (match && row !== undefined) rows[`rows.${row}.${match[2]}`] = messages.join(' ');
    else general.push(...messages);
  }
  return { rows, general: general.length > 0 ? general.join(' ') : null };
}

function PlatformLogo({ platform }: { platform: SocialPlatform | undefined }) {
  if (!platform) return null;
  return <img src={platform.logo} alt="" className={classes.socialLogo} />;
}

interface SocialLinksFormProps {
  userId: number;
  links: SocialLink[];
  onDone: () => void;
}

function SocialLinksForm({ userId, links, onDone }: SocialLinksFormProps) {
  const platforms = useSocialPlatforms();
  const save = useUpdateSocialLinks(userId);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const addMoreRef = useRef<HTMLButtonElement>(null);
  const form = useForm<LinkFormValues>({
    initialValues: { rows: rowsOf(links) },
    validate: validateLinkRows,
  });

  // A new row takes the focus once it is on screen.
  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(`social-link-${pendingFocus.current}-platform`)?.focus();
    pendingFocus.current = null;
  });

  const byId = new Map((platforms.data ?? []).map((platform) => [String(platform.id), platform]));
  const options: ComboboxItem[] = (platforms.data ?? []).map((platform) => ({
    value: String(platform.id),
    label: platform.name,
  }));
  const renderOption: SelectProps['renderOption'] = ({ option }) => (
    <Group gap="sm" wrap="nowrap">
      <PlatformLogo platform={byId.get(option.value)} />
      <span>{option.label}</span>
    </Group>
  );

  const submit = (values: LinkFormValues) => {
    setGeneralError(null);
    const { body, rowOfItem } = toSocialLinksPayload(values.rows);
    save.mutate(body, {
      onSuccess: ({ msg }) => {
        if (msg) notifySuccess(msg);
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.httpStatus === 422) {
          const mapped = linkErrorsOf(error.fieldErrors, rowOfItem);
          form.setErrors(mapped.rows);
          setGeneralError(mapped.general ?? (Object.keys(mapped.rows).length ? null : error.msg));
          return;
        }
        notifyError(errorMessageOf(error));
      },
    });
  };

  const addRow = () => {
    const row = emptyRow();
    form.insertListItem('rows', row);
    pendingFocus.current = row.key;
  };

  const removeRow = (index: number) => {
    form.removeListItem('rows', index);
    addMoreRef.current?.focus();
  };

  const rows = form.values.rows;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose a platform and paste the full address of your page. Rows without a link are left
          out.
        </Text>
        {platforms.isError ? (
          <Alert color="red" variant="light">
            The list of platforms could not be loaded. Please close this window and try again.
          </Alert>
        ) : null}
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No links. Add one with Add More, or save to remove all links.
          </Text>
        ) : null}
        {rows.map((row, index) => (
          <fieldset key={row.key} className={classes.linkRow}>
            <VisuallyHidden component="legend">{`Social link ${index + 1}`}</VisuallyHidden>
            <Grid gap="sm" align="flex-start">
              <Grid.Col span={{ base: 10, sm: 4 }} order={{ base: 1, sm: 1 }}>
                <Select
                  id={`social-link-${row.key}-platform`}
                  label="Platform"
                  placeholder={platforms.isPending ? 'Loading…' : 'Choose a platform'}
                  data={options}
                  disabled={!platforms.isSuccess}
                  renderOption={renderOption}
                  leftSection={<PlatformLogo platform={byId.get(row.social_id ?? '')} />}
                  comboboxProps={{ withinPortal: true }}
                  allowDeselect={false}
                  {...form.getInputProps(`rows.${index}.social_id`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 7 }} order={{ base: 3, sm: 2 }}>
                <TextInput
                  label="Link"
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://"
                  {...form.getInputProps(`rows.${index}.link`)}
                />
              </Grid.Col>
              <Grid.Col
                span={{ base: 2, sm: 1 }}
                order={{ base: 2, sm: 3 }}
                className={classes.deleteCell}
              >
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size={36}
                  aria-label={`Delete social link ${index + 1}`}
                  onClick={() => removeRow(index)}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Grid.Col>
            </Grid>
          </fieldset>
        ))}
        {generalError ? (
          <Alert color="red" variant="light" role="alert">
            {generalError}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button
            ref={addMoreRef}
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={addRow}
            disabled={rows.length >= SOCIAL_LINKS_MAX_ROWS}
          >
            Add More
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SocialLinksModalProps extends SocialLinksFormProps {
  opened: boolean;
}

/** Spec §2 "Social links modal": platform and link per row, delete, Add More, Save. */
export function SocialLinksModal({ opened, userId, links, onDone }: SocialLinksModalProps) {
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal opened={opened} onClose={onDone} title="Social Links" size="lg" fullScreen={narrow}>
      <SocialLinksForm userId={userId} links={links} onDone={onDone} />
    </Modal>
  );
}
