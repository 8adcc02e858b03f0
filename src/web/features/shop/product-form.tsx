import { useId, useState, type ComponentProps, type FormEvent } from 'react';
import { centsToDollars, formatMegabytes } from '../../../domain/format';
import { PRODUCT_IMAGE_TYPES, PRODUCT_LIMITS, ProductCreateSchema, type ProductCreateInput } from '../../../shared/products';
import { fieldAria, FormField, InputField, showFieldErrors } from '../../components/form-field';
import { ApiError, errorMessage } from '../../lib/api-client';
import { fieldErrorsOf } from '../../lib/field-errors';
import type { ManagedProduct } from './wire';

/** The form's text values, named as on the wire. */
export type ProductFormValues = {
  productName: string;
  productCode: string;
  description: string;
  price: string;
  quantityInStock: string;
  shirtSizes: string;
  shirtColors: string;
  vinylColors: string;
};

type FieldName = keyof ProductFormValues | 'image';
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY: ProductFormValues = {
  productName: '',
  productCode: '',
  description: '',
  price: '',
  quantityInStock: '',
  shirtSizes: '',
  shirtColors: '',
  vinylColors: '',
};
const FORM_FIELDS: readonly (keyof ProductFormValues)[] = [
  'productName',
  'productCode',
  'description',
  'price',
  'quantityInStock',
  'shirtSizes',
  'shirtColors',
  'vinylColors',
];

export function valuesOf(product: ManagedProduct): ProductFormValues {
  return {
    productName: product.productName,
    productCode: product.productCode,
    description: product.description,
    price: centsToDollars(product.priceCents).toFixed(2),
    quantityInStock: String(product.quantityInStock),
    shirtSizes: product.shirtSizes.join(', '),
    shirtColors: product.shirtColors.join(', '),
    vinylColors: product.vinylColors.join(', '),
  };
}

/** The image size limit as people read it ("5 MB"), from the limit the server enforces. */
const IMAGE_LIMIT = formatMegabytes(PRODUCT_LIMITS.imageMaxBytes);

function imageProblem(file: File | null): string | undefined {
  if (file === null) return undefined;
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG, WebP, GIF or AVIF picture.';
  if (file.size > PRODUCT_LIMITS.imageMaxBytes) return `The picture is larger than ${IMAGE_LIMIT}.`;
  return undefined;
}

type ProductFormProps = {
  initial?: ProductFormValues;
  submitLabel: string;
  /** Sends the checked values (and the chosen image); rejects with the server's ApiError. */
  onSubmit: (values: ProductCreateInput, image: File | null) => Promise<void>;
  /** Create mode resets the form after a successful submit. */
  resetOnSuccess?: boolean;
  imageHint?: string;
};

/** Create or edit a product: the same fields and checks as the server (the shared schema). */
export function ProductForm({ initial = EMPTY, submitLabel, onSubmit, resetOnSuccess = false, imageHint }: ProductFormProps) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [image, setImage] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof ProductFormValues) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    setErrors({ ...errors, [field]: undefined });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setServerError(null);
    const parsed = ProductCreateSchema.safeParse(values);
    const problems: FieldErrors = fieldErrorsOf(parsed.error, FORM_FIELDS);
    const badImage = imageProblem(image);
    if (badImage !== undefined) problems.image = badImage;
    if (Object.keys(problems).length > 0) {
      showFieldErrors(form, () => setErrors(problems));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(values, image);
      if (resetOnSuccess) {
        setValues(EMPTY);
        setImage(null);
        setFileInputKey((key) => key + 1);
      }
    } catch (error) {
      const message = errorMessage(error, 'Something went wrong. Please try again.');
      setServerError(message);
      if (error instanceof ApiError && error.code === 'conflict') showFieldErrors(form, () => setErrors({ productCode: message }));
    } finally {
      setBusy(false);
    }
  };

  const imageHintText = imageHint ?? `JPEG, PNG, WebP, GIF or AVIF up to ${IMAGE_LIMIT}; shown square.`;
  const input = (field: keyof ProductFormValues, label: string, props: Omit<ComponentProps<typeof InputField>, 'id' | 'label'> = {}) => (
    <InputField id={`${id}-${field}`} label={label} value={values[field]} onChange={set(field)} error={errors[field]} {...props} />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={busy}>
      {serverError !== null && (
        <p role="alert" className="alert-error sm:col-span-2">
          {serverError}
        </p>
      )}
      {input('productName', 'Name', { maxLength: PRODUCT_LIMITS.nameMax, required: true })}
      {input('productCode', 'Code', {
        hint: 'Unique. Letters, digits, - and _; saved in capitals.',
        maxLength: PRODUCT_LIMITS.codeMax,
        required: true,
        autoCapitalize: 'characters',
        className: 'input font-mono uppercase',
      })}
      <div className="sm:col-span-2">
        <FormField id={`${id}-description`} label="Description" error={errors.description}>
          <textarea
            id={`${id}-description`}
            className="input min-h-24"
            value={values.description}
            onChange={set('description')}
            maxLength={PRODUCT_LIMITS.descriptionMax}
            {...fieldAria(`${id}-description`, { error: errors.description })}
          />
        </FormField>
      </div>
      {input('price', 'Price (USD)', { hint: 'For example 24.99', inputMode: 'decimal', required: true, placeholder: '0.00' })}
      {input('quantityInStock', 'Stock', { hint: 'Units available to sell', inputMode: 'numeric', required: true, placeholder: '0' })}
      {input('shirtSizes', 'Shirt sizes', { hint: 'Comma-separated, e.g. S, M, L, XL' })}
      {input('shirtColors', 'Shirt colors', { hint: 'Comma-separated, e.g. Black, White' })}
      {input('vinylColors', 'Vinyl colors', { hint: 'Comma-separated, e.g. Black, Clear' })}
      <FormField id={`${id}-image`} label="Image" hint={imageHintText} error={errors.image}>
        <input
          key={fileInputKey}
          id={`${id}-image`}
          type="file"
          accept={PRODUCT_IMAGE_TYPES.join(',')}
          className="input file:mr-3 file:rounded file:border-0 file:bg-amber-400 file:px-3 file:py-1 file:font-semibold file:text-slate-950"
          {...fieldAria(`${id}-image`, { hint: imageHintText, error: errors.image })}
          onChange={(event) => {
            setImage(event.target.files?.[0] ?? null);
            setErrors({ ...errors, image: undefined });
          }}
        />
      </FormField>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
