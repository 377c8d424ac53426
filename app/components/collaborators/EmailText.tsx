import { Fragment } from "react";

import { emailLineParts } from "#core/domain/email-breaks";

/** An e-mail address that, in a narrow column, breaks only after its '@' or before a dot. */
export function EmailText({ email }: { email: string }) {
  return (
    <>
      {emailLineParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
