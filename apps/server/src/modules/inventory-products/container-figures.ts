import { calculateContainer } from '@chemtrack/domain';
import { toNumeric } from '../../lib/numeric.ts';
import type { ProductValues } from '../products/products.repository.ts';

/** Spec 02 §9, on the server: the stored figures never come from the client. */
export function containerFigures(
  data: Pick<ProductValues, 'physicalState' | 'poundsPerGallon' | 'specificGravity' | 'conversionFactor'>,
  unit: { name: string; type: string } | null,
  size: string | null,
  quantity: string | null,
) {
  const result = calculateContainer({
    physical_state: data.physicalState,
    unit_type: unit?.type,
    unit_name: unit?.name,
    container_size: size,
    container_quantity: quantity,
    pounds_per_gallon: data.poundsPerGallon,
    specific_gravity: data.specificGravity,
    conversion_factor: data.conversionFactor,
  });
  return { maxGallons: toNumeric(result.max_gallons), maxPounds: toNumeric(result.max_pounds) };
}
