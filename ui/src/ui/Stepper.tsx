import { useTranslation } from 'react-i18next';

/** Progress through a few named steps; `current` counts from 0. */
export function Stepper({ steps, current }: { steps: string[]; current: number }) {
  const { t } = useTranslation();
  return (
    <ol class="stepper" aria-label={t('ui.stepper.label')}>
      {steps.map((label, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li key={label} class={`stepper__step stepper__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span class="stepper__marker" aria-hidden="true">
              {i + 1}
            </span>
            <span class="stepper__label">
              {label}
              {state !== 'todo' && <span class="visually-hidden"> ({t(`ui.stepper.${state}`)})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
