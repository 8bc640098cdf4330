type Props = {
  /** The image (a data URL), or '' while none is drawn. */
  image: string | undefined;
  isLoading: boolean;
  /** Names the button (and its tooltip): what a click does. */
  label: string;
  /** Stands in for the image while there is none (loading, failed, or not drawn yet). */
  placeholder: string;
  onRefresh: () => void;
};

/** An image code shown as a button: a click draws a new one (login and account forms). */
export function CaptchaButton({ image, isLoading, label, placeholder, onRefresh }: Props) {
  return (
    <button
      type="button"
      className="of-captcha-image"
      onClick={onRefresh}
      disabled={isLoading}
      aria-busy={isLoading}
      aria-label={label}
      title={label}
    >
      {image ? (
        <img src={image} alt="" width={120} height={40} data-testid="captcha-image" />
      ) : (
        <span className="of-captcha-placeholder">{placeholder}</span>
      )}
    </button>
  );
}
