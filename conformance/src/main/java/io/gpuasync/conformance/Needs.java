package io.gpuasync.conformance;

import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a property that needs one or more {@link Capability capabilities}: where the verification
 * subclass does not declare each of them, the property is reported as skipped, with the reason,
 * rather than failed.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@AddLifecycleHook(Needs.Check.class)
public @interface Needs {
    Capability[] value();

    /** The hook that skips a property whose capability is not declared. */
    final class Check implements SkipExecutionHook {
        @Override
        public SkipResult shouldBeSkipped(LifecycleContext context) {
            Needs needs = context.findAnnotation(Needs.class).orElse(null);
            Class<?> container = context.optionalContainerClass().orElse(null);
            if (needs == null || container == null || !LineDriverVerification.class.isAssignableFrom(container)) {
                return SkipResult.doNotSkip();
            }
            LineDriverVerification<?, ?> verification = (LineDriverVerification<?, ?>) context.newInstance(container);
            java.util.Set<Capability> declared = verification.capabilities();
            for (Capability needed : needs.value()) {
                if (needed == Capability.STORE_WAITS) {
                    if (!verification.driverWaitsForStores()) {
                        return SkipResult.skip("needs the driver's own wait for stores, which the driver of "
                                + container.getSimpleName() + " does not offer (LineDriver.storeWaits() is null)");
                    }
                } else if (!declared.contains(needed)) {
                    return SkipResult.skip("needs capability " + needed + ", which " + container.getSimpleName()
                            + " does not declare in capabilities()");
                }
            }
            return SkipResult.doNotSkip();
        }
    }
}
