import { Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ImageCropInput } from '@/components/ui/image-crop-input';
import { PageFrame } from '@/components/ui/page-frame';

const SHAPES = [
  { value: 'square', label: 'Profile 1:1', aspect: 1 },
  { value: 'cover', label: 'Cover 8:3', aspect: 8 / 3 },
  { value: 'banner', label: 'Banner 16:9', aspect: 16 / 9 },
] as const;

type Shape = (typeof SHAPES)[number]['value'];

interface CropResult {
  file: File;
  url: string;
  width: number;
  height: number;
}

/** The cropped file as an object URL with its pixel size, released when replaced. */
function useCropResult(file: File | null): CropResult | null {
  const [result, setResult] = useState<CropResult | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () =>
      setResult({ file, url, width: image.naturalWidth, height: image.naturalHeight });
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return result && result.file === file ? result : null;
}

/** `/host/test` (spec §2): try the image cropper and see exactly what a form would upload. */
export function CropperTestRoute() {
  const [shape, setShape] = useState<Shape>('square');
  const [file, setFile] = useState<File | null>(null);
  const result = useCropResult(file);
  const aspect = SHAPES.find((entry) => entry.value === shape)?.aspect ?? 1;

  return (
    <PageFrame
      title="Image Cropper"
      description="Choose an image, crop it, and see the file a form would upload."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Stack gap={4}>
              <Text component="span" size="sm" fw={500} id="crop-shape-label">
                Shape
              </Text>
              <SegmentedControl
                aria-labelledby="crop-shape-label"
                value={shape}
                onChange={(value) => {
                  setShape(SHAPES.find((entry) => entry.value === value)?.value ?? 'square');
                  setFile(null);
                }}
                data={SHAPES.map(({ value, label }) => ({ value, label }))}
                fullWidth
              />
            </Stack>
            <ImageCropInput label="Image" aspect={aspect} value={file} onChange={setFile} />
          </Stack>
        </Paper>
        <Paper
          withBorder
          radius="lg"
          p="lg"
          component="section"
          aria-labelledby="crop-result-title"
        >
          <Stack gap="md">
            <Title order={2} fz="lg" id="crop-result-title">
              Result
            </Title>
            {result ? (
              <>
                <img
                  src={result.url}
                  alt="The cropped image"
                  style={{ maxWidth: '100%', borderRadius: 8, display: 'block' }}
                />
                <Group gap="lg">
                  <Text size="sm">
                    {result.width} × {result.height} px
                  </Text>
                  <Text size="sm">{Math.round(result.file.size / 1024)} KB</Text>
                  <Text size="sm">{result.file.type}</Text>
                </Group>
              </>
            ) : (
              <Text c="dimmed" size="sm">
                The cropped image appears here.
              </Text>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
    </PageFrame>
  );
}
