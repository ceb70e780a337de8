import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ImageCropInput } from './image-crop-input';

const CROPPED_AREA: Area = { x: 10, y: 20, width: 160, height: 90 };

// jsdom lays nothing out, so the cropper reports a fixed area as soon as it mounts.
vi.mock('react-easy-crop', () => ({
  default: function CropperStub(props: { onCropComplete?: (area: Area, pixels: Area) => void }) {
    const { onCropComplete } = props;
    useEffect(() => {
      onCropComplete?.({ x: 0, y: 0, width: 100, height: 100 }, CROPPED_AREA);
    }, [onCropComplete]);
    return <div data-testid="cropper" />;
  },
}));

const drawImage = vi.fn();

beforeEach(() => {
  drawImage.mockReset();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ fillRect: () => {}, drawImage, fillStyle: '' }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(
    callback: BlobCallback,
    type?: string,
  ) {
    callback(new Blob(['jpeg bytes'], { type }));
  });
  HTMLImageElement.prototype.decode = () => Promise.resolve();
  URL.createObjectURL = vi.fn(() => 'blob:chosen');
  URL.revokeObjectURL = vi.fn();
});

function Harness({
  onChange,
  maxBytes,
}: {
  onChange: (file: File | null) => void;
  maxBytes?: number;
}) {
  const [value, setValue] = useState<File | null>(null);
  return (
    <ImageCropInput
      label="Event Banner"
      aspect={16 / 9}
      value={value}
      maxBytes={maxBytes}
      onChange={(file) => {
        setValue(file);
        onChange(file);
      }}
    />
  );
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

const png = (bytes = 2048) => new File([new Uint8Array(bytes)], 'party.png', { type: 'image/png' });

describe('image crop input', () => {
  it('crops the chosen image into a JPEG file and previews it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onChange={onChange} />);

    await user.upload(fileInput(), png());
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect(screen.getByRole('dialog', { name: 'Crop image' })).toBeInTheDocument();
    await waitFor(() => expect(apply).toBeEnabled());
    await user.click(apply);

    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const file = onChange.mock.calls[0]?.[0] as File;
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('party-cropped.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 10, 20, 160, 90, 0, 0, 160, 90);
    expect(await screen.findByRole('img', { name: 'Event Banner preview' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Crop image' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove image for Event Banner' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('refuses a file over the size limit with a clear message', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onChange={onChange} maxBytes={1024 * 1024} />);

    await user.upload(fileInput(), png(2 * 1024 * 1024));

    expect(
      await screen.findByText('The image is 2 MB; it must be at most 1 MB.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Crop image' })).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an accepted image type', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderWithProviders(<Harness onChange={vi.fn()} />);

    await user.upload(fileInput(), new File(['%PDF'], 'flyer.pdf', { type: 'application/pdf' }));

    expect(
      await screen.findByText('Please choose a JPEG, PNG, WebP, GIF or AVIF image.'),
    ).toBeInTheDocument();
  });

  it('keeps the value when the crop is cancelled', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onChange={onChange} />);

    await user.upload(fileInput(), png());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Crop image' })).not.toBeInTheDocument(),
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:chosen');
  });
});
