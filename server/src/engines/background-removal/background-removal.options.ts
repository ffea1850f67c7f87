import type { RawImage } from '../../lib/image/raw-image';
import type { Backdrop, IsnetModelChoice } from '@common/schemas/mode-options';

/** The person's choices, validated by the API, the v1 form and the CLI with the same schema (in common). */
export {
  backgroundRemovalOptionsSchema,
  type Backdrop,
  type BackgroundRemovalOptions,
  type IsnetModelChoice,
} from '@common/schemas/mode-options';

export interface BackgroundRemovalInput {
  image: RawImage;
  backdrop: Backdrop;
  shadow: boolean;
  model?: IsnetModelChoice;
}
