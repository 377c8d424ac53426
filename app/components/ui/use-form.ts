import { useForm as useConformForm } from "@conform-to/react";

/**
 * Conform's `useForm`, for forms built with the field kit. Conform re-renders a form only for the
 * state read while the form itself rendered; the kit's fields read their messages in their own
 * render, which it does not track, so a message found in the browser (before any request) would
 * never show. Reading every field's errors here subscribes the form to all of them.
 */
export const useForm = ((options) => {
  const result = useConformForm(options);
  void result[0].allErrors;
  return result;
}) as typeof useConformForm;
