/**
 * How the server fills the prerendered landing with the chosen samples (decision 064): the
 * gallery's list carries LANDING_GALLERY_ATTRIBUTE, and a `<template>` with this id holds one
 * chosen sample's card with the slots below, which the server fills (escaped) per sample.
 * No imports: the landing's components read these, and the landing loads no zod (decision 014).
 */
export const LANDING_GALLERY_ATTRIBUTE = 'data-landing-gallery';
export const CHOSEN_SAMPLE_TEMPLATE_ID = 'chosen-sample-card';
export const SAMPLE_PROMPT_SLOT = '__SAMPLE_PROMPT__';
export const SAMPLE_IMAGE_SLOT = '__SAMPLE_IMAGE__';
