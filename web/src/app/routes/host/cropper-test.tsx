import { PageFrame } from '@/components/ui/page-frame';

export function CropperTestRoute() {
  return (
    <PageFrame
      title="Image Cropper"
      description="A sandbox for the banner and profile image cropper."
    />
  );
}
