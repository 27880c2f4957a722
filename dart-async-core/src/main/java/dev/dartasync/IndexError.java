package dev.dartasync;

/**
 * Dart's {@code IndexError}: an index is not in {@code 0 .. length - 1}.
 *
 * <p>{@link #toString()} is {@code RangeError[ (<name>)]: <message>: <explanation>: <index>}, the message
 * defaulting to {@code Index out of range} and the explanation being {@code index must not be negative},
 * {@code no indices are valid} (length 0) or {@code index should be less than <length>}:
 * <ul>
 *   <li>{@code IndexError.withLength(5, 3, "index")}:
 *       {@code RangeError (index): Index out of range: index should be less than 3: 5}</li>
 *   <li>{@code IndexError.withLength(0, 0, "index")}:
 *       {@code RangeError (index): Index out of range: no indices are valid: 0}</li>
 *   <li>{@code IndexError.withLength(-1, 3, "index")}:
 *       {@code RangeError (index): Index out of range: index must not be negative: -1}</li>
 * </ul>
 * Its {@link #start()} is {@code 0} and its {@link #end()} is {@code length - 1}.
 */
public class IndexError extends RangeError {
    private static final long serialVersionUID = 1L;

    private final transient Object indexable;
    private final int length;

    private IndexError(int invalidValue, int length, Object indexable, String name, String message) {
        super(invalidValue, 0, length - 1, name, message != null ? message : "Index out of range");
        this.indexable = indexable;
        this.length = length;
    }

    /**
     * Dart's {@code IndexError.withLength(index, length)} (no name):
     * {@code RangeError: Index out of range: index should be less than 3: 5}.
     *
     * @param invalidValue the invalid index
     * @param length the length of the indexable object at the time of the error
     * @return the error
     */
    public static IndexError withLength(int invalidValue, int length) {
        return withLength(invalidValue, length, null, null, null);
    }

    /**
     * Dart's {@code IndexError.withLength(index, length, name: name)}:
     * {@code RangeError (index): Index out of range: index should be less than 3: 5}.
     *
     * @param invalidValue the invalid index
     * @param length the length of the indexable object at the time of the error
     * @param name the parameter name, or {@code null}
     * @return the error
     */
    public static IndexError withLength(int invalidValue, int length, String name) {
        return withLength(invalidValue, length, null, name, null);
    }

    /**
     * Dart's {@code IndexError.withLength(index, length, indexable:, name:, message:)}.
     *
     * @param invalidValue the invalid index
     * @param length the length of the indexable object at the time of the error
     * @param indexable the object that was indexed, or {@code null}
     * @param name the parameter name, or {@code null}
     * @param message the message, or {@code null} for {@code Index out of range}
     * @return the error
     */
    public static IndexError withLength(int invalidValue, int length, Object indexable, String name,
            String message) {
        return new IndexError(invalidValue, length, indexable, name, message);
    }

    /**
     * Dart's {@code IndexError.check(index, length)}: returns {@code index} if
     * {@code 0 <= index < length}, otherwise throws an {@code IndexError} named {@code index}.
     *
     * @param index the index to check
     * @param length the length of the indexable object
     * @return {@code index}
     * @throws IndexError e.g. {@code RangeError (index): Index out of range: index should be less than 3: 5}
     */
    public static int check(int index, int length) {
        return check(index, length, null, null, null);
    }

    /**
     * Dart's {@code IndexError.check(index, length, indexable:, name:, message:)}; the name defaults
     * to {@code index}.
     *
     * @param index the index to check
     * @param length the length of the indexable object
     * @param indexable the object being indexed, or {@code null}
     * @param name the parameter name, or {@code null} for {@code index}
     * @param message the message, or {@code null} for {@code Index out of range}
     * @return {@code index}
     * @throws IndexError if the index is not valid
     */
    public static int check(int index, int length, Object indexable, String name, String message) {
        if (0 > index || index >= length) {
            throw withLength(index, length, indexable, name != null ? name : "index", message);
        }
        return index;
    }

    /**
     * The object that was indexed, if given.
     *
     * @return the indexable object, or {@code null}
     */
    public Object indexable() {
        return indexable;
    }

    /**
     * The length of the indexable object at the time of the error.
     *
     * @return the length
     */
    public int length() {
        return length;
    }

    /**
     * The invalid index.
     *
     * @return the index
     */
    @Override
    public Integer invalidValue() {
        return (Integer) super.invalidValue();
    }

    @Override
    String errorExplanation() {
        if (invalidValue() < 0) {
            return ": index must not be negative";
        }
        if (length == 0) {
            return ": no indices are valid";
        }
        return ": index should be less than " + length;
    }
}
