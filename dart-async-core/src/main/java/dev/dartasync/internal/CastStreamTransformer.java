package dev.dartasync.internal;

import dev.dartasync.DStream;
import dev.dartasync.StreamTransformer;

/**
 * Dart's {@code CastStreamTransformer} (_internal/async_cast.dart): {@code bind(stream)} is {@code
 * source.bind(stream.cast(inputType)).cast(outputType)}, so input events are checked against the
 * source's input type and output events against the target type, each as {@code cast} does. A
 * cast of this transformer casts the original source (its input type stays the one to check).
 */
final class CastStreamTransformer<SS, ST, TS, TT> implements StreamTransformer<TS, TT> {
  private final StreamTransformer<SS, ST> source;
  private final Class<SS> inputType;
  private final Class<TT> outputType;

  CastStreamTransformer(
      StreamTransformer<SS, ST> source, Class<SS> inputType, Class<TT> outputType) {
    this.source = source;
    this.inputType = inputType;
    this.outputType = outputType;
  }

  @Override
  public DStream<TT> bind(DStream<TS> stream) {
    Checks.notNull(stream, "stream");
    return source.bind(stream.cast(inputType)).cast(outputType);
  }

  @Override
  public <RS, RT> StreamTransformer<RS, RT> cast(Class<TS> ignored, Class<RT> target) {
    Checks.notNull(ignored, "inputType");
    return StreamTransformers.castFrom(source, inputType, target);
  }
}
