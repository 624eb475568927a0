import { aveiroRotation } from './aveiro.ts';
import { classicRotation } from './classic.ts';
import { srsRotation } from './srs.ts';
import type { RotationSystem, RotationSystemName } from './system.ts';

export * from './system.ts';

export const ROTATION_SYSTEMS: Readonly<Record<RotationSystemName, RotationSystem>> = {
  classic: classicRotation,
  aveiro: aveiroRotation,
  srs: srsRotation,
};
