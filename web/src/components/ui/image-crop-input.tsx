import { IMAGE_UPLOAD_MAX_BYTES } from '@floorfill/shared';
import {
  AspectRatio,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Modal,
  Slider,
  Stack,
  Text,
} from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';

export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
];
const ACCEPTED_NAMES = 'JPEG, PNG, WebP, GIF or AVIF';
/** Larger crops are scaled down: the server re-encodes anyway, and uploads stay small. */
const MAX_OUTPUT_SIDE = 2048;
const OUTPUT_TYPE = 'image/jpeg';
const OUTPUT_QUALITY = 0.9;
const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

export interface ImageCropInputProps {
  label: string;
  /** Width over height of the crop, e.g. 16 / 9 for banners, 1 for profile images. */
  aspect: number;
  value: File | null;
  /** The image already saved, shown until a new one is chosen. */
  currentImageUrl?: string | null;
  onChange: (file: File | null) => void;
  error?: string;
  maxBytes?: number;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** Why a chosen file cannot be used, or null when it can. */
export function imageFileProblem(file: File, maxBytes: number): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    return `Please choose a ${ACCEPTED_NAMES} image.`;
  }
  if (file.size > maxBytes) {
    return `The image is ${megabytes(file.size)}; it must be at most ${megabytes(maxBytes)}.`;
  }
  return null;
}

async function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new window.Image();
  image.src = src;
  await image.decode();
  return image;
}

function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded.'))),
      OUTPUT_TYPE,
      OUTPUT_QUALITY,
    );
  });
}

function croppedName(original: string): string {
  const base = original.replace(/\.[^.]+$/, '') || 'image';
  return `${base}-cropped.jpg`;
}

/** Draws the chosen area of `src` on a canvas and encodes it as a JPEG file. */
export async function cropToFile(src: string, area: Area, originalName: string): Promise<File> {
  const image = await loadImage(src);
  const scale = Math.min(1, MAX_OUTPUT_SIDE / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The browser cannot draw images.');
  // JPEG has no transparency: a transparent PNG becomes white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  const blob = await canvasToBlob(canvas);
  return new File([blob], croppedName(originalName), { type: OUTPUT_TYPE });
}

/** A data URL of a file for previews; read in the background, so no URL needs revoking. */
function useFilePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview && preview.file === file ? preview.url : null;
}

/** The file being cropped and an object URL of it, made when chosen and revoked when done. */
interface CropSource {
  file: File;
  url: string;
}

interface CropModalProps {
  source: CropSource;
  aspect: number;
  onCancel: () => void;
  onApply: (file: File) => void;
}

function CropModal({ source, aspect, onCancel, onApply }: CropModalProps) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [applying, setApplying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();

  async function apply() {
    if (!area) return;
    setApplying(true);
    try {
      onApply(await cropToFile(source.url, area, source.file.name));
    } catch {
      setProblem('This image could not be cropped. Please try another one.');
    } finally {
      setApplying(false);
    }
  }

  return (
    <Modal opened onClose={onCancel} title="Crop image" size="lg" centered>
      <Stack gap="md">
        <Box pos="relative" h={{ base: 240, sm: 340 }} bg="dark.7" style={{ borderRadius: 8 }}>
          <Cropper
            image={source.url}
            crop={crop}
            zoom={zoom}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            aspect={aspect}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            mediaProps={{ alt: 'Image to crop' }}
            cropperProps={{
              role: 'group',
              'aria-label': 'Crop area',
              'aria-describedby': hintId,
            }}
          />
        </Box>
        <Text id={hintId} size="sm" c="dimmed">
          Drag the image or focus the crop area and use the arrow keys to move it.
        </Text>
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} aria-hidden="true">
            Zoom
          </Text>
          <Slider
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            thumbLabel="Zoom"
            label={(value) => `${value.toFixed(1)}×`}
          />
        </Stack>
        {problem ? (
          <Text c="red.8" size="sm" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => void apply()} loading={applying} disabled={!area}>
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Choose an image, crop it to `aspect` in a modal, and hand the cropped JPEG
 * to the form. Shows the saved image until a new one is chosen.
 */
export function ImageCropInput({
  label,
  aspect,
  value,
  currentImageUrl,
  onChange,
  error,
  maxBytes = IMAGE_UPLOAD_MAX_BYTES,
}: ImageCropInputProps) {
  const [source, setSource] = useState<CropSource | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = useFilePreview(value);
  const shownUrl = previewUrl ?? currentImageUrl ?? null;
  const inputId = useId();

  function choose(file: File | null) {
    if (!file) return;
    const reason = imageFileProblem(file, maxBytes);
    setProblem(reason);
    if (!reason) setSource({ file, url: URL.createObjectURL(file) });
  }

  function closeCrop() {
    if (source) URL.revokeObjectURL(source.url);
    setSource(null);
  }

  function applyCrop(file: File) {
    closeCrop();
    if (file.size > maxBytes) {
      setProblem(`The cropped image must be at most ${megabytes(maxBytes)}.`);
      return;
    }
    onChange(file);
  }

  const shownError = problem ?? error;

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      id={inputId}
      description={`${ACCEPTED_NAMES}, up to ${megabytes(maxBytes)}. You can crop it after choosing.`}
      error={shownError}
    >
      <Stack gap="xs" mt={6}>
        {shownUrl ? (
          <Box maw={aspect >= 1 ? 320 : 160}>
            <AspectRatio ratio={aspect}>
              <Image src={shownUrl} alt={`${label} preview`} radius="md" fit="cover" />
            </AspectRatio>
          </Box>
        ) : null}
        <Group gap="xs">
          <FileButton onChange={choose} accept={ACCEPTED_IMAGE_TYPES.join(',')}>
            {(buttonProps) => (
              <Button
                {...buttonProps}
                variant="light"
                leftSection={<IconPhotoUp size={16} aria-hidden="true" />}
                aria-label={`${shownUrl ? 'Change' : 'Choose'} image for ${label}`}
                aria-describedby={
                  shownError ? `${inputId}-error ${inputId}-description` : `${inputId}-description`
                }
              >
                {shownUrl ? 'Change image' : 'Choose image'}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="red.9"
              // The subtle variant caps its text at shade 6, below AA contrast; set it explicitly.
              c="red.9"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              aria-label={`Remove image for ${label}`}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
            >
              Remove
            </Button>
          ) : null}
        </Group>
      </Stack>
      {source ? (
        <CropModal
          key={source.url}
          source={source}
          aspect={aspect}
          onCancel={closeCrop}
          onApply={applyCrop}
        />
      ) : null}
    </Input.Wrapper>
  );
}
