// A Vulkan layer for the tests: it sits between the backend and the real driver (lavapipe in the
// build, NVIDIA's on a GPU machine) and passes every call on, with two jobs.
//
// It watches vkQueueSubmit, whose queue parameter Vulkan says is externally synchronized (spec:
// Fundamentals, "Threading Behavior"). Each submit on a queue counts itself in for a few
// microseconds around the driver's call; a second thread inside on the same queue is an overlap,
// counted (VulkanQueueLockTest).
//
// It loses a device when a test asks (gar_layer_lose_device): from then on, every command of that
// device whose return codes include VK_ERROR_DEVICE_LOST in the registry (vk.xml) and that the
// backend, its bench or its tests call (vkQueueSubmit, vkQueueSubmit2, vkQueueWaitIdle,
// vkDeviceWaitIdle, vkGetFenceStatus, vkWaitForFences, vkGetSemaphoreCounterValue,
// vkWaitSemaphores) returns it at once without reaching the driver, as a lost device does (spec:
// Devices and Queues, "Lost Device": lost for good, and those commands report it, in finite time).
// Every other call still goes to the driver, so creating, destroying and freeing stay real.
// What the driver queued before the loss still runs: lavapipe cannot be told to drop it, so a
// store queued before may still land later, which a backend must allow for anyway (a lost device's
// writes in flight are unknown).
//
// It also tells what a device was made with (whether vkCreateDevice enabled shaderInt64), and,
// when a test asks (gar_layer_hide), hides from the backend what a driver may lack: the
// shaderInt64 feature (vkGetPhysicalDeviceFeatures2), the import of host allocations
// (vkGetPhysicalDeviceExternalBufferProperties), or a buffer's fit in its memory (it reports
// vkGetBufferMemoryRequirements' size doubled), so that the backend's refusals run on the real driver.
//
// The tests read the counts and flip the switch through FFM (the loader and the test load this
// one library, so they share its globals). Built by the module's pom with gcc; enabled only for
// the JVMs that name it (VK_INSTANCE_LAYERS).
#include <vulkan/vk_layer.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define EXPORT __attribute__((visibility("default")))
#define SLOTS 64

static PFN_vkGetInstanceProcAddr next_gipa;

// One slot per device made under the layer: its handle (as the application sees it, which the
// loader passes down unchanged), whether it is lost, and the next layer's (or the driver's) commands.
struct device {
    VkDevice device;
    int lost;
    PFN_vkGetDeviceProcAddr gdpa;
    PFN_vkQueueSubmit submit;
    PFN_vkQueueSubmit2 submit2;
    PFN_vkQueueWaitIdle queue_wait_idle;
    PFN_vkDeviceWaitIdle device_wait_idle;
    PFN_vkGetFenceStatus fence_status;
    PFN_vkWaitForFences wait_fences;
    PFN_vkGetSemaphoreCounterValue counter_value;
    PFN_vkWaitSemaphores wait_semaphores;
    PFN_vkGetDeviceQueue get_queue;
    PFN_vkGetDeviceQueue2 get_queue2;
    PFN_vkGetBufferMemoryRequirements buffer_requirements;
    int shader_int64;
};
static struct device devices[SLOTS];
// The device each queue the layer handed out belongs to.
static struct { VkQueue queue; struct device *device; int inside; } queues[SLOTS];
// The last device made: the fallback for a queue the layer never saw handed out.
static struct device *newest;
static long submits;
static long overlaps;
static long lost_answers;

// What gar_layer_hide hides: its bits.
#define HIDE_SHADER_INT64 1
#define HIDE_HOST_IMPORT 2
#define HIDE_BUFFER_FIT 4
static int hidden;
static PFN_vkGetPhysicalDeviceFeatures2 next_features2;
static PFN_vkGetPhysicalDeviceExternalBufferProperties next_external_buffer;

// Hides what the bits name from the backend until called again with 0; returns the bits before.
EXPORT int gar_layer_hide(int bits) { return __atomic_exchange_n(&hidden, bits, __ATOMIC_SEQ_CST); }

static int hides(int bit) { return (__atomic_load_n(&hidden, __ATOMIC_SEQ_CST) & bit) != 0; }

EXPORT long gar_layer_submits(void) { return __atomic_load_n(&submits, __ATOMIC_SEQ_CST); }
EXPORT long gar_layer_overlaps(void) { return __atomic_load_n(&overlaps, __ATOMIC_SEQ_CST); }
// How many calls the layer answered VK_ERROR_DEVICE_LOST instead of the driver.
EXPORT long gar_layer_lost_answers(void) { return __atomic_load_n(&lost_answers, __ATOMIC_SEQ_CST); }

static struct device *device_of(VkDevice device) {
    for (unsigned i = 0; i < SLOTS; i++) {
        if (__atomic_load_n(&devices[i].device, __ATOMIC_ACQUIRE) == device) {
            return &devices[i];
        }
    }
    return NULL;
}

// 1 if vkCreateDevice enabled shaderInt64 for device (in pEnabledFeatures or a chained
// VkPhysicalDeviceFeatures2), 0 if not, -1 if the layer is not under it.
EXPORT int gar_layer_enabled_shader_int64(VkDevice device) {
    struct device *d = device_of(device);
    return d == NULL ? -1 : d->shader_int64;
}

// 1 if the layer is under device (made through it), 0 if not.
EXPORT int gar_layer_knows_device(VkDevice device) { return device_of(device) != NULL; }

// Loses device for good; 1 if the layer is under it, 0 (and nothing lost) if not.
EXPORT int gar_layer_lose_device(VkDevice device) {
    struct device *d = device_of(device);
    if (d == NULL) {
        return 0;
    }
    __atomic_store_n(&d->lost, 1, __ATOMIC_SEQ_CST);
    return 1;
}

static int is_lost(struct device *d) {
    if (d != NULL && __atomic_load_n(&d->lost, __ATOMIC_SEQ_CST)) {
        __atomic_add_fetch(&lost_answers, 1, __ATOMIC_SEQ_CST);
        return 1;
    }
    return 0;
}

static int slot_of(VkQueue queue, int claim) {
    uintptr_t h = (uintptr_t) queue;
    for (unsigned i = 0; i < SLOTS; i++) {
        unsigned k = (unsigned) ((h >> 4) + i) % SLOTS;
        VkQueue seen = __atomic_load_n(&queues[k].queue, __ATOMIC_ACQUIRE);
        if (seen == queue) {
            return (int) k;
        }
        if (seen == NULL) {
            if (!claim) {
                return -1;
            }
            VkQueue expected = NULL;
            if (__atomic_compare_exchange_n(&queues[k].queue, &expected, queue, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)
                    || expected == queue) {
                return (int) k;
            }
        }
    }
    return claim ? 0 : -1;
}

static struct device *device_of_queue(VkQueue queue) {
    int k = slot_of(queue, 0);
    struct device *d = k < 0 ? NULL : __atomic_load_n(&queues[k].device, __ATOMIC_ACQUIRE);
    return d != NULL ? d : __atomic_load_n(&newest, __ATOMIC_ACQUIRE);
}

static void note_queue(VkDevice device, VkQueue queue) {
    // A queue handle the driver reuses for a later device is noted anew.
    __atomic_store_n(&queues[slot_of(queue, 1)].device, device_of(device), __ATOMIC_RELEASE);
}

static VKAPI_ATTR void VKAPI_CALL gar_GetDeviceQueue(VkDevice device, uint32_t family, uint32_t index, VkQueue *queue) {
    device_of(device)->get_queue(device, family, index, queue);
    note_queue(device, *queue);
}

static VKAPI_ATTR void VKAPI_CALL gar_GetDeviceQueue2(VkDevice device, const VkDeviceQueueInfo2 *info, VkQueue *queue) {
    device_of(device)->get_queue2(device, info, queue);
    note_queue(device, *queue);
}

static void linger(void) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do {
        clock_gettime(CLOCK_MONOTONIC, &now);
    } while ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) < 20000);
}

static VKAPI_ATTR VkResult VKAPI_CALL gar_QueueSubmit(VkQueue queue, uint32_t count, const VkSubmitInfo *submits_,
                                                      VkFence fence) {
    struct device *d = device_of_queue(queue);
    int *inside = &queues[slot_of(queue, 1)].inside;
    __atomic_add_fetch(&submits, 1, __ATOMIC_SEQ_CST);
    if (__atomic_add_fetch(inside, 1, __ATOMIC_SEQ_CST) > 1) {
        __atomic_add_fetch(&overlaps, 1, __ATOMIC_SEQ_CST);
    }
    // Stay inside long enough that an unsynchronized second submitter would be seen.
    linger();
    VkResult result = is_lost(d) ? VK_ERROR_DEVICE_LOST : d->submit(queue, count, submits_, fence);
    __atomic_sub_fetch(inside, 1, __ATOMIC_SEQ_CST);
    return result;
}

static VKAPI_ATTR VkResult VKAPI_CALL gar_QueueSubmit2(VkQueue queue, uint32_t count, const VkSubmitInfo2 *submits_,
                                                       VkFence fence) {
    struct device *d = device_of_queue(queue);
    return is_lost(d) ? VK_ERROR_DEVICE_LOST : d->submit2(queue, count, submits_, fence);
}

static VKAPI_ATTR VkResult VKAPI_CALL gar_QueueWaitIdle(VkQueue queue) {
    struct device *d = device_of_queue(queue);
    return is_lost(d) ? VK_ERROR_DEVICE_LOST : d->queue_wait_idle(queue);
}

static VKAPI_ATTR VkResult VKAPI_CALL gar_DeviceWaitIdle(VkDevice device) {
    struct device *d = device_of(device);
    return is_lost(d) ? VK_ERROR_DEVICE_LOST : d->device_wait_idle(device);
}

static VKAPI_ATTR VkResult VKAPI_CALL gar_GetFenceStatus(VkDevice device, VkFence fence) {
    struct device *d = device_of(device);
    return is_lost(d) ? VK_ERROR_DEVICE_LOST : d->fence_status(device, fence);
}

static VKAPI_ATTR VkResult VKAPI_CALL gar_WaitForFences(VkDevice device, uint32_t count, const VkFence *fences,
                                                        VkBool32 all, uint64_t timeout) {
    struct device *d = device_of(device);
    return is_lost(d) ? VK_ERROR_DEVICE_LOST : d->wait_fences(device, count, fences, all, timeout);
}

static VKAPI_ATTR VkResult VKAPI_CALL gar_GetSemaphoreCounterValue(VkDevice device, VkSemaphore semaphore,
                                                                   uint64_t *value) {
    struct device *d = device_of(device);
    return is_lost(d) ? VK_ERROR_DEVICE_LOST : d->counter_value(device, semaphore, value);
}

static VKAPI_ATTR VkResult VKAPI_CALL gar_WaitSemaphores(VkDevice device, const VkSemaphoreWaitInfo *info,
                                                         uint64_t timeout) {
    struct device *d = device_of(device);
    return is_lost(d) ? VK_ERROR_DEVICE_LOST : d->wait_semaphores(device, info, timeout);
}

static VKAPI_ATTR void VKAPI_CALL gar_GetPhysicalDeviceFeatures2(VkPhysicalDevice physical,
                                                                VkPhysicalDeviceFeatures2 *features) {
    next_features2(physical, features);
    if (hides(HIDE_SHADER_INT64)) {
        features->features.shaderInt64 = VK_FALSE;
    }
}

static VKAPI_ATTR void VKAPI_CALL gar_GetPhysicalDeviceExternalBufferProperties(
        VkPhysicalDevice physical, const VkPhysicalDeviceExternalBufferInfo *info, VkExternalBufferProperties *properties) {
    next_external_buffer(physical, info, properties);
    if (hides(HIDE_HOST_IMPORT) && info->handleType == VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT) {
        properties->externalMemoryProperties.externalMemoryFeatures &= ~VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT;
    }
}

static VKAPI_ATTR void VKAPI_CALL gar_GetBufferMemoryRequirements(VkDevice device, VkBuffer buffer,
                                                                 VkMemoryRequirements *requirements) {
    device_of(device)->buffer_requirements(device, buffer, requirements);
    if (hides(HIDE_BUFFER_FIT)) {
        requirements->size *= 2;
    }
}

static int enables_shader_int64(const VkDeviceCreateInfo *info) {
    if (info->pEnabledFeatures != NULL && info->pEnabledFeatures->shaderInt64) {
        return 1;
    }
    for (const VkBaseInStructure *next = info->pNext; next != NULL; next = next->pNext) {
        if (next->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2
                && ((const VkPhysicalDeviceFeatures2 *) next)->features.shaderInt64) {
            return 1;
        }
    }
    return 0;
}

static VKAPI_ATTR VkResult VKAPI_CALL gar_CreateInstance(const VkInstanceCreateInfo *info,
                                                         const VkAllocationCallbacks *allocator, VkInstance *instance) {
    VkLayerInstanceCreateInfo *link = (VkLayerInstanceCreateInfo *) info->pNext;
    while (link && !(link->sType == VK_STRUCTURE_TYPE_LOADER_INSTANCE_CREATE_INFO && link->function == VK_LAYER_LINK_INFO)) {
        link = (VkLayerInstanceCreateInfo *) link->pNext;
    }
    if (!link) {
        return VK_ERROR_INITIALIZATION_FAILED;
    }
    next_gipa = link->u.pLayerInfo->pfnNextGetInstanceProcAddr;
    link->u.pLayerInfo = link->u.pLayerInfo->pNext;
    PFN_vkCreateInstance create = (PFN_vkCreateInstance) next_gipa(NULL, "vkCreateInstance");
    VkResult result = create(info, allocator, instance);
    if (result == VK_SUCCESS) {
        // The loader's terminators below the layer, the same for every instance.
        next_features2 = (PFN_vkGetPhysicalDeviceFeatures2) next_gipa(*instance, "vkGetPhysicalDeviceFeatures2");
        next_external_buffer = (PFN_vkGetPhysicalDeviceExternalBufferProperties) next_gipa(*instance,
                "vkGetPhysicalDeviceExternalBufferProperties");
    }
    return result;
}

static VKAPI_ATTR VkResult VKAPI_CALL gar_CreateDevice(VkPhysicalDevice physical, const VkDeviceCreateInfo *info,
                                                       const VkAllocationCallbacks *allocator, VkDevice *device) {
    VkLayerDeviceCreateInfo *link = (VkLayerDeviceCreateInfo *) info->pNext;
    while (link && !(link->sType == VK_STRUCTURE_TYPE_LOADER_DEVICE_CREATE_INFO && link->function == VK_LAYER_LINK_INFO)) {
        link = (VkLayerDeviceCreateInfo *) link->pNext;
    }
    if (!link) {
        return VK_ERROR_INITIALIZATION_FAILED;
    }
    PFN_vkGetInstanceProcAddr gipa = link->u.pLayerInfo->pfnNextGetInstanceProcAddr;
    PFN_vkGetDeviceProcAddr gdpa = link->u.pLayerInfo->pfnNextGetDeviceProcAddr;
    link->u.pLayerInfo = link->u.pLayerInfo->pNext;
    PFN_vkCreateDevice create = (PFN_vkCreateDevice) gipa(NULL, "vkCreateDevice");
    VkResult result = create(physical, info, allocator, device);
    if (result != VK_SUCCESS) {
        return result;
    }
    // A handle the driver reuses after a destroy gets its slot back, healthy; otherwise a free one.
    struct device *d = device_of(*device);
    for (unsigned i = 0; d == NULL && i < SLOTS; i++) {
        VkDevice expected = NULL;
        if (__atomic_compare_exchange_n(&devices[i].device, &expected, (VkDevice) (uintptr_t) 1, 0, __ATOMIC_ACQ_REL,
                                        __ATOMIC_ACQUIRE)) {
            d = &devices[i];
        }
    }
    if (d == NULL) {
        return VK_ERROR_TOO_MANY_OBJECTS;
    }
    d->gdpa = gdpa;
    d->submit = (PFN_vkQueueSubmit) gdpa(*device, "vkQueueSubmit");
    d->submit2 = (PFN_vkQueueSubmit2) gdpa(*device, "vkQueueSubmit2");
    d->queue_wait_idle = (PFN_vkQueueWaitIdle) gdpa(*device, "vkQueueWaitIdle");
    d->device_wait_idle = (PFN_vkDeviceWaitIdle) gdpa(*device, "vkDeviceWaitIdle");
    d->fence_status = (PFN_vkGetFenceStatus) gdpa(*device, "vkGetFenceStatus");
    d->wait_fences = (PFN_vkWaitForFences) gdpa(*device, "vkWaitForFences");
    d->counter_value = (PFN_vkGetSemaphoreCounterValue) gdpa(*device, "vkGetSemaphoreCounterValue");
    d->wait_semaphores = (PFN_vkWaitSemaphores) gdpa(*device, "vkWaitSemaphores");
    d->get_queue = (PFN_vkGetDeviceQueue) gdpa(*device, "vkGetDeviceQueue");
    d->get_queue2 = (PFN_vkGetDeviceQueue2) gdpa(*device, "vkGetDeviceQueue2");
    d->buffer_requirements = (PFN_vkGetBufferMemoryRequirements) gdpa(*device, "vkGetBufferMemoryRequirements");
    d->shader_int64 = enables_shader_int64(info);
    __atomic_store_n(&d->lost, 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&d->device, *device, __ATOMIC_RELEASE);
    __atomic_store_n(&newest, d, __ATOMIC_RELEASE);
    return result;
}

static PFN_vkVoidFunction device_command(const char *name) {
    if (!strcmp(name, "vkQueueSubmit")) return (PFN_vkVoidFunction) gar_QueueSubmit;
    if (!strcmp(name, "vkQueueSubmit2") || !strcmp(name, "vkQueueSubmit2KHR")) return (PFN_vkVoidFunction) gar_QueueSubmit2;
    if (!strcmp(name, "vkQueueWaitIdle")) return (PFN_vkVoidFunction) gar_QueueWaitIdle;
    if (!strcmp(name, "vkDeviceWaitIdle")) return (PFN_vkVoidFunction) gar_DeviceWaitIdle;
    if (!strcmp(name, "vkGetFenceStatus")) return (PFN_vkVoidFunction) gar_GetFenceStatus;
    if (!strcmp(name, "vkWaitForFences")) return (PFN_vkVoidFunction) gar_WaitForFences;
    if (!strcmp(name, "vkGetSemaphoreCounterValue") || !strcmp(name, "vkGetSemaphoreCounterValueKHR"))
        return (PFN_vkVoidFunction) gar_GetSemaphoreCounterValue;
    if (!strcmp(name, "vkWaitSemaphores") || !strcmp(name, "vkWaitSemaphoresKHR")) return (PFN_vkVoidFunction) gar_WaitSemaphores;
    if (!strcmp(name, "vkGetDeviceQueue")) return (PFN_vkVoidFunction) gar_GetDeviceQueue;
    if (!strcmp(name, "vkGetDeviceQueue2")) return (PFN_vkVoidFunction) gar_GetDeviceQueue2;
    if (!strcmp(name, "vkGetBufferMemoryRequirements")) return (PFN_vkVoidFunction) gar_GetBufferMemoryRequirements;
    return NULL;
}

EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL gar_GetDeviceProcAddr(VkDevice device, const char *name);

EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL gar_GetInstanceProcAddr(VkInstance instance, const char *name) {
    if (!strcmp(name, "vkGetInstanceProcAddr")) return (PFN_vkVoidFunction) gar_GetInstanceProcAddr;
    if (!strcmp(name, "vkGetDeviceProcAddr")) return (PFN_vkVoidFunction) gar_GetDeviceProcAddr;
    if (!strcmp(name, "vkCreateInstance")) return (PFN_vkVoidFunction) gar_CreateInstance;
    if (!strcmp(name, "vkCreateDevice")) return (PFN_vkVoidFunction) gar_CreateDevice;
    if (!strcmp(name, "vkGetPhysicalDeviceFeatures2") || !strcmp(name, "vkGetPhysicalDeviceFeatures2KHR"))
        return (PFN_vkVoidFunction) gar_GetPhysicalDeviceFeatures2;
    if (!strcmp(name, "vkGetPhysicalDeviceExternalBufferProperties")
            || !strcmp(name, "vkGetPhysicalDeviceExternalBufferPropertiesKHR"))
        return (PFN_vkVoidFunction) gar_GetPhysicalDeviceExternalBufferProperties;
    PFN_vkVoidFunction ours = device_command(name);
    if (ours) return ours;
    return next_gipa ? next_gipa(instance, name) : NULL;
}

EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL gar_GetDeviceProcAddr(VkDevice device, const char *name) {
    if (!strcmp(name, "vkGetDeviceProcAddr")) return (PFN_vkVoidFunction) gar_GetDeviceProcAddr;
    struct device *d = device_of(device);
    if (d == NULL) {
        return NULL;
    }
    PFN_vkVoidFunction next = d->gdpa(device, name);
    PFN_vkVoidFunction ours = device_command(name);
    // A command the driver does not have (vkQueueSubmit2 before 1.3) stays missing.
    return ours && next ? ours : next;
}
