import type { Page } from 'playwright-core';

/**
 * Steps of the capture wizard, waited for by its `data-step` marker (state, not time): a click on
 * "next" or "skip" changes the step in one reducer action, so the journey waits for the step it
 * expects, and a step that was held fails at once with the wizard's own message.
 */
export type WizardStep = 'person' | 'tongue' | 'face' | 'pulse' | 'voice' | 'questionnaire' | 'vitals' | 'submit';

const wizardAt = (page: Page, step: WizardStep) => page.locator(`[data-testid="capture-wizard"][data-step="${step}"]`);

/** Waits until the wizard shows `step`; a held step fails with the wizard's message instead of a timeout. */
export async function waitStep(page: Page, step: WizardStep, timeout = 30_000): Promise<void> {
  const at = wizardAt(page, step);
  await at.or(page.getByTestId('wizard-problem')).first().waitFor({ timeout });
  if (!(await at.count()))
    throw new Error(`wizard held before ${step}: ${await page.getByTestId('wizard-problem').textContent()}`);
}

/** Clicks "next" and waits for the step after it. */
export async function wizardNext(page: Page, to: WizardStep): Promise<void> {
  await page.getByTestId('wizard-next').click();
  await waitStep(page, to);
}

/** Skips the step on screen through its confirmation and waits for the next one. */
export async function wizardSkip(page: Page, to: WizardStep): Promise<void> {
  await page.getByTestId('wizard-skip').click();
  await page.getByTestId('wizard-skip-confirm').click();
  await waitStep(page, to);
}

/** From the tongue step: hands in the tongue photo, then skips face, pulse, voice and questionnaire. */
export async function tongueThenSkipToVitals(page: Page, photo: string): Promise<void> {
  await page.locator('[data-testid="tongue-upload"] input[type=file]').setInputFiles(photo);
  await page.getByTestId('check-tongue-ok').waitFor({ timeout: 60_000 });
  await wizardNext(page, 'face');
  await wizardSkip(page, 'pulse');
  await wizardSkip(page, 'voice');
  await wizardSkip(page, 'questionnaire');
  await wizardSkip(page, 'vitals');
}
