// A Vulkan layer for the tests: it sits between the backend and the real driver (lavapipe),
// passes every call on unchanged, and watches vkQueueSubmit, whose queue parameter Vulkan says is
// externally synchronized (spec: Fundamentals, "Threading Behavior"). Each submit on a queue
// counts itself in for a few microseconds around the driver's call; a second thread inside on the
// same queue is an overlap, counted. VulkanQueueLockTest reads the counts through FFM (the loader
// and the test load this one library, so they share its globals).
// Built by the module's pom with gcc; enabled only for the JVMs that name it (VK_INSTANCE_LAYERS).
#include <vulkan/vk_layer.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define EXPORT __attribute__((visibility("default")))
#define SLOTS 64

static PFN_vkGetInstanceProcAddr next_gipa;
static PFN_vkGetDeviceProcAddr next_gdpa;
static PFN_vkQueueSubmit next_submit;
static struct { VkQueue queue; int inside; } slots[SLOTS];
static long submits;
static long overlaps;

EXPORT long gar_layer_submits(void) { return __atomic_load_n(&submits, __ATOMIC_SEQ_CST); }
EXPORT long gar_layer_overlaps(void) { return __atomic_load_n(&overlaps, __ATOMIC_SEQ_CST); }

static int *inside_of(VkQueue queue) {
    uintptr_t h = (uintptr_t) queue;
    for (unsigned i = 0; i < SLOTS; i++) {
        unsigned k = (unsigned) ((h >> 4) + i) % SLOTS;
        VkQueue seen = __atomic_load_n(&slots[k].queue, __ATOMIC_ACQUIRE);
        if (seen == queue) {
            return &slots[k].inside;
        }
        if (seen == NULL) {
            VkQueue expected = NULL;
            if (__atomic_compare_exchange_n(&slots[k].queue, &expected, queue, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)
                    || expected == queue) {
                return &slots[k].inside;
            }
        }
    }
    return &slots[0].inside;
}

static void linger(void) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do {
        clock_gettime(CLOCK_MONOTONIC, &now);
    } while ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) < 20000);
}

static VKAPI_ATTR VkResult VKAPI_CALL watch_QueueSubmit(VkQueue queue, uint32_t count, const VkSubmitInfo *submits_,
                                                        VkFence fence) {
    int *inside = inside_of(queue);
    __atomic_add_fetch(&submits, 1, __ATOMIC_SEQ_CST);
    if (__atomic_add_fetch(inside, 1, __ATOMIC_SEQ_CST) > 1) {
        __atomic_add_fetch(&overlaps, 1, __ATOMIC_SEQ_CST);
    }
    // Stay inside long enough that an unsynchronized second submitter would be seen.
    linger();
    VkResult result = next_submit(queue, count, submits_, fence);
    __atomic_sub_fetch(inside, 1, __ATOMIC_SEQ_CST);
    return result;
}

static VKAPI_ATTR VkResult VKAPI_CALL watch_CreateInstance(const VkInstanceCreateInfo *info,
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
    return create(info, allocator, instance);
}

static VKAPI_ATTR VkResult VKAPI_CALL watch_CreateDevice(VkPhysicalDevice physical, const VkDeviceCreateInfo *info,
                                                         const VkAllocationCallbacks *allocator, VkDevice *device) {
    VkLayerDeviceCreateInfo *link = (VkLayerDeviceCreateInfo *) info->pNext;
    while (link && !(link->sType == VK_STRUCTURE_TYPE_LOADER_DEVICE_CREATE_INFO && link->function == VK_LAYER_LINK_INFO)) {
        link = (VkLayerDeviceCreateInfo *) link->pNext;
    }
    if (!link) {
        return VK_ERROR_INITIALIZATION_FAILED;
    }
    PFN_vkGetInstanceProcAddr gipa = link->u.pLayerInfo->pfnNextGetInstanceProcAddr;
    next_gdpa = link->u.pLayerInfo->pfnNextGetDeviceProcAddr;
    link->u.pLayerInfo = link->u.pLayerInfo->pNext;
    PFN_vkCreateDevice create = (PFN_vkCreateDevice) gipa(NULL, "vkCreateDevice");
    VkResult result = create(physical, info, allocator, device);
    if (result == VK_SUCCESS) {
        next_submit = (PFN_vkQueueSubmit) next_gdpa(*device, "vkQueueSubmit");
    }
    return result;
}

EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL gar_GetDeviceProcAddr(VkDevice device, const char *name);

EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL gar_GetInstanceProcAddr(VkInstance instance, const char *name) {
    if (!strcmp(name, "vkGetInstanceProcAddr")) return (PFN_vkVoidFunction) gar_GetInstanceProcAddr;
    if (!strcmp(name, "vkGetDeviceProcAddr")) return (PFN_vkVoidFunction) gar_GetDeviceProcAddr;
    if (!strcmp(name, "vkCreateInstance")) return (PFN_vkVoidFunction) watch_CreateInstance;
    if (!strcmp(name, "vkCreateDevice")) return (PFN_vkVoidFunction) watch_CreateDevice;
    if (!strcmp(name, "vkQueueSubmit")) return (PFN_vkVoidFunction) watch_QueueSubmit;
    return next_gipa ? next_gipa(instance, name) : NULL;
}

EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL gar_GetDeviceProcAddr(VkDevice device, const char *name) {
    if (!strcmp(name, "vkGetDeviceProcAddr")) return (PFN_vkVoidFunction) gar_GetDeviceProcAddr;
    if (!strcmp(name, "vkQueueSubmit")) return (PFN_vkVoidFunction) watch_QueueSubmit;
    return next_gdpa ? next_gdpa(device, name) : NULL;
}
